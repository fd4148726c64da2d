import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageTitle } from '../../lib/title';
import './static.css';

interface SamplePost {
  id: string;
  title: string;
  date: string;
  dateLabel: string;
  excerpt: string;
}

const samplePost: Omit<SamplePost, 'id'> = {
  title: 'Myths About Refurbished Devices, Debunked',
  date: '2024-03-04',
  dateLabel: 'March 4, 2024',
  excerpt:
    'Are refurbished computers unreliable, outdated or unsupported? We look at the most common myths about ' +
    'recertified devices and explain why they can be a smart choice for your business.',
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
  usePageTitle('Blog');

  return (
    <div className="static-page blog">
      <Breadcrumbs items={[{ name: 'Blog', pathname: '/blog' }]} />
      <h1>Blog</h1>
      <p className="static-page__lead">
        News, buying advice and tips for getting the most from your equipment.
      </p>
      <ul className="blog-list">
        {posts.map((post) => (
          <li key={post.id}>
            <article className="blog-card">
              <PostImage />
              <div className="blog-card__body">
                <h2>{post.title}</h2>
                <p className="blog-card__date">
                  <time dateTime={post.date}>{post.dateLabel}</time>
                </p>
                <p>{post.excerpt}</p>
                <Link className="blog-card__more" to="/acer/blog/test-blog">
                  Read more<span className="visually-hidden">: {post.title}</span>
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <nav className="pager" aria-label="Blog pages">
        <ul>
          <li>
            <button type="button" disabled>
              Previous
            </button>
          </li>
          <li>
            <span aria-current="page">
              <span className="visually-hidden">Page </span>1
            </span>
          </li>
          <li>
            <button type="button" disabled>
              Next
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
