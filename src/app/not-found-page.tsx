import { Link } from 'react-router-dom';
import { PageHeader } from '../components/layout/page-header';
import { t } from '../i18n';

export default function NotFoundPage() {
  return (
    <section className="not-found">
      <PageHeader title={t('common.notFound.title')} />
      <p>{t('common.notFound.text')}</p>
      <p>
        <Link to="/accounts">{t('common.home')}</Link>
      </p>
    </section>
  );
}
