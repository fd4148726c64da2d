import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageTitle } from '../../lib/title';
import './static.css';

const TITLE = 'Myths About Refurbished Devices, Debunked';

interface Myth {
  myth: string;
  truth: string[];
}

const myths: Myth[] = [
  {
    myth: 'Myth 1: Refurbished means used and worn out',
    truth: [
      'Many refurbished devices have barely been used. They include customer returns, open-box units, ' +
        'display models and products from cancelled orders, some of which were never even switched on.',
      'Every recertified device is inspected, tested, repaired where needed and cleaned before it is offered ' +
        'for sale again, so it works like new.',
    ],
  },
  {
    myth: 'Myth 2: Refurbished devices are unreliable',
    truth: [
      'A recertified device is tested individually before it goes back on sale: components, battery, ' +
        'display, ports and keyboard are all checked, and any part that does not meet the standard is ' +
        'replaced. Many buyers find their recertified devices just as dependable as new ones.',
    ],
  },
  {
    myth: 'Myth 3: Refurbished devices come without a warranty',
    truth: [
      'Our recertified devices are backed by a 90-day manufacturer warranty, and batteries are covered for a ' +
        'full year. For longer protection, extended warranty plans are available within 30 days of your order.',
    ],
  },
  {
    myth: 'Myth 4: Refurbished means outdated technology',
    truth: [
      'Devices are often returned only weeks after they are released. Many of the recertified notebooks, ' +
        'desktops and monitors in our store are current models with recent processors, fast solid-state ' +
        'drives and up-to-date operating systems.',
    ],
  },
  {
    myth: 'Myth 5: The savings aren’t worth it',
    truth: [
      'Recertified and scratch & dent devices can cost significantly less than the same model brand new. For a ' +
        'business equipping a whole team, that difference adds up quickly and frees budget for other needs.',
    ],
  },
  {
    myth: 'Myth 6: Buying refurbished doesn’t make a difference to the environment',
    truth: [
      'Most of the environmental footprint of a computer comes from making it. Giving a device a second life ' +
        'keeps it out of landfill and avoids the resources needed to build a new one, which helps your ' +
        'company reach its sustainability goals.',
    ],
  },
];

const recentPosts = [
  {
    to: '/acer/blog/test',
    title: 'Myths About Refurbished Devices',
    date: '2024-03-04',
    label: 'March 4, 2024',
  },
  {
    to: '/acer/blog/game-on',
    title: 'Game On: Gaming Gear That Works Hard',
    date: '2024-02-12',
    label: 'February 12, 2024',
  },
];

export default function BlogArticlePage() {
  const { blogid } = useParams();
  usePageTitle(TITLE);

  return (
    <div className="static-page blog-article-page">
      <Breadcrumbs
        items={[
          { name: 'Blog', pathname: '/blog' },
          { name: TITLE, pathname: `/blog/${blogid ?? ''}` },
        ]}
      />
      <h1>{TITLE}</h1>
      <div className="static-page__layout static-page__layout--aside-right">
        <article className="blog-article">
          <p className="blog-article__meta">
            Published <time dateTime="2024-03-04">March 4, 2024</time>
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
          <p className="static-page__lead">
            Refurbished computers still carry a reputation they don’t deserve. If you have hesitated to buy
            recertified equipment for your business, here are six common myths, and the facts behind them.
          </p>
          {myths.map((item) => (
            <section key={item.myth}>
              <h2>{item.myth}</h2>
              {item.truth.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
          <h2>The bottom line</h2>
          <p>
            A recertified device offers the performance your team needs, the security of a 90-day manufacturer
            warranty and a price that makes sense for your budget. Browse our{' '}
            <Link to="/acer/category/Notebook">notebooks</Link> and{' '}
            <Link to="/acer/category/Desktop">desktops</Link>, or{' '}
            <Link to="/acer/contact-us">contact our sales team</Link> for help choosing the right equipment.
          </p>
        </article>
        <aside className="recent-posts" aria-labelledby="recent-posts-title">
          <h2 id="recent-posts-title">Recent posts</h2>
          <ul>
            {recentPosts.map((post) => (
              <li key={post.to}>
                <Link to={post.to}>{post.title}</Link>
                <time dateTime={post.date}>{post.label}</time>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
