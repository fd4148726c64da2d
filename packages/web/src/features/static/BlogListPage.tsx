import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { formatDate, t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/title';
import './static.css';

interface SamplePost {
  id: string;
  /** The article's texts in the catalogue: `${key}.title`, `${key}.excerpt`. */
  key: string;
  date: string;
}

const samplePost: Omit<SamplePost, 'id'> = {
  key: 'blog:post.myths',
  date: '2024-03-04',
};

const posts: SamplePost[] = [
  { id: 'post-1', ...samplePost },
  { id: 'post-2', ...samplePost },
];

function PostImage() {
  return (
    <svg className="blog-card__image" viewBox="0 0 320 180" width="320" height="180" aria-hidden="true">
      <rect width="320" height="180" fill="#eef4e1" />
      <rect x="78" y="34" width="164" height="98" rx="6" fill="#222222" />
      <rect x="86" y="42" width="148" height="82" rx="2" fill="#83b81a" />
      <path d="M60 140 h200 l-14 12 h-172 z" fill="#555555" />
      <path d="M146 82 l10 10 22 -22" fill="none" stroke="#ffffff" strokeWidth="8" strokeLinecap="round" />
    </svg>
  );
}

export default function BlogListPage() {
  usePageTitle(t('blog:title'));

  return (
    <div className="static-page blog">
      <Breadcrumbs items={[{ name: t('blog:title'), pathname: '/blog' }]} />
      <h1>{t('blog:title')}</h1>
      <p className="static-page__lead">{t('blog:lead')}</p>
      <ul className="blog-list">
        {posts.map((post) => {
          const title = t(`${post.key}.title`);
          return (
            <li key={post.id}>
              <article className="blog-card">
                <PostImage />
                <div className="blog-card__body">
                  <h2>{title}</h2>
                  <p className="blog-card__date">
                    <time dateTime={post.date}>{formatDate(`${post.date}T12:00:00`)}</time>
                  </p>
                  <p>{t(`${post.key}.excerpt`)}</p>
                  <Link className="blog-card__more" to="/acer/blog/test-blog">
                    {t('blog:readMore')}
                    <span className="visually-hidden">{t('blog:readMore.hidden', { title })}</span>
                  </Link>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <nav className="pager" aria-label={t('blog:pager.label')}>
        <ul>
          <li>
            <button type="button" disabled>
              {t('blog:pager.previous')}
            </button>
          </li>
          <li>
            <span aria-current="page">
              <span className="visually-hidden">{t('blog:pager.page')}</span>1
            </span>
          </li>
          <li>
            <button type="button" disabled>
              {t('blog:pager.next')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
