import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { Slider } from '../../components/Slider';
import { useRead } from '../../lib/reads';
import { usePageTitle } from '../../lib/title';
import { useHomeReads } from './loader';

export default function HomePage() {
  usePageTitle('');
  // Read again whenever the percentage changes (the session refreshes the reads).
  const { data, error } = useRead(useHomeReads().main);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <h1 id="hero-title">Acer computers for your business</h1>
          <p>New, recertified and scratch-and-dent notebooks, desktops and monitors, priced for you.</p>
          <Link className="btn btn--primary" to="/acer/category/Sale">
            Shop the sale
          </Link>
        </div>
      </section>
      {error && <p role="alert">{error.message}</p>}
      {!data && !error && <Loading fill />}
      {data && (
        <>
          <Slider title="FEATURED PRODUCTS" items={data.products.featuredProducts} eager />
          <Slider title="POPULAR PRODUCTS" items={data.products.popularProducts} />
          <Slider title="NEW PRODUCTS" items={data.products.newProducts} />
        </>
      )}
    </div>
  );
}
