import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { Slider } from '../../components/Slider';
import { t } from '../../lib/i18n';
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
          <h1 id="hero-title">{t('catalog:home.title')}</h1>
          <p>{t('catalog:home.lead')}</p>
          <Link className="btn btn--primary" to="/acer/category/Sale">
            {t('catalog:home.shopSale')}
          </Link>
        </div>
      </section>
      {error && <p role="alert">{error.message}</p>}
      {!data && !error && <Loading fill />}
      {data && (
        <>
          <Slider title={t('catalog:home.featured')} items={data.products.featuredProducts} eager />
          <Slider title={t('catalog:home.popular')} items={data.products.popularProducts} />
          <Slider title={t('catalog:home.new')} items={data.products.newProducts} />
        </>
      )}
    </div>
  );
}
