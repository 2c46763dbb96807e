import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';

/** A screen whose content has not been built yet: its title and an empty state. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h2 className="page-title">{title}</h2>
      <Card>
        <Empty description={t('comingSoon.description')} />
      </Card>
    </div>
  );
}
