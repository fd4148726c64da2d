import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { formatDate, t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/title';
import './static.css';

const PUBLISHED = '2024-03-04';

/** The six myths: `blog:myths.<myth>.title` and its paragraphs `blog:myths.<myth>.<paragraph>`. */
const myths: { key: string; paragraphs: string[] }[] = [
  { key: 'used', paragraphs: ['p1', 'p2'] },
  { key: 'unreliable', paragraphs: ['p1'] },
  { key: 'warranty', paragraphs: ['p1'] },
  { key: 'outdated', paragraphs: ['p1'] },
  { key: 'savings', paragraphs: ['p1'] },
  { key: 'environment', paragraphs: ['p1'] },
];

const recentPosts = [
  { to: '/acer/blog/test', key: 'blog:recent.myths', date: '2024-03-04' },
  { to: '/acer/blog/game-on', key: 'blog:recent.gameOn', date: '2024-02-12' },
];

/** A day of the calendar, shown the same in every time zone. */
function day(date: string): string {
  return formatDate(`${date}T12:00:00`);
}

export default function BlogArticlePage() {
  const { blogid } = useParams();
  const title = t('blog:post.myths.title');
  usePageTitle(title);

  return (
    <div className="static-page blog-article-page">
      <Breadcrumbs
        items={[
          { name: t('blog:title'), pathname: '/blog' },
          { name: title, pathname: `/blog/${blogid ?? ''}` },
        ]}
      />
      <h1>{title}</h1>
      <div className="static-page__layout static-page__layout--aside-right">
        <article className="blog-article">
          <p className="blog-article__meta">
            {t('blog:article.published')}
            <time dateTime={PUBLISHED}>{day(PUBLISHED)}</time>
          </p>
          <svg
            className="blog-article__hero"
            viewBox="0 0 800 300"
            width="800"
            height="300"
            aria-hidden="true"
          >
            <rect width="800" height="300" fill="#eef4e1" />
            <rect x="250" y="50" width="300" height="180" rx="10" fill="#222222" />
            <rect x="264" y="64" width="272" height="152" rx="4" fill="#83b81a" />
            <path d="M210 244 h380 l-26 22 h-328 z" fill="#555555" />
            <path
              d="M370 142 l20 20 44 -44"
              fill="none"
              stroke="#ffffff"
              strokeWidth="14"
              strokeLinecap="round"
            />
          </svg>
          <p className="static-page__lead">{t('blog:myths.lead')}</p>
          {myths.map((item) => (
            <section key={item.key}>
              <h2>{t(`blog:myths.${item.key}.title`)}</h2>
              {item.paragraphs.map((paragraph) => (
                <p key={paragraph}>{t(`blog:myths.${item.key}.${paragraph}`)}</p>
              ))}
            </section>
          ))}
          <h2>{t('blog:myths.bottomLine.title')}</h2>
          <p>
            {t('blog:myths.bottomLine.before')}
            <Link to="/acer/category/Notebook">{t('blog:myths.bottomLine.notebooks')}</Link>
            {t('blog:myths.bottomLine.and')}
            <Link to="/acer/category/Desktop">{t('blog:myths.bottomLine.desktops')}</Link>
            {t('blog:myths.bottomLine.or')}
            <Link to="/acer/contact-us">{t('blog:myths.bottomLine.contact')}</Link>
            {t('blog:myths.bottomLine.after')}
          </p>
        </article>
        <aside className="recent-posts" aria-labelledby="recent-posts-title">
          <h2 id="recent-posts-title">{t('blog:recent.title')}</h2>
          <ul>
            {recentPosts.map((post) => (
              <li key={post.to}>
                <Link to={post.to}>{t(post.key)}</Link>
                <time dateTime={post.date}>{day(post.date)}</time>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
