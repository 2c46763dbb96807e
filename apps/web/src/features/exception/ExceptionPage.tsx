import { Link, useSearchParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/**
 * /exception: where business errors of showType 9 redirect (docs/request-layer.md §Error display). Shows `errorCode` and
 * `errorMessage` from the query as plain text (React escapes them: never markup), and a way home.
 */
export default function ExceptionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('errorCode');
  const message = params.get('errorMessage');
  return (
    <Result
      status="error"
      title={t('exception.title')}
      extra={
        <Link to="/home">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    >
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'code', label: t('exception.code'), children: <span className="exception-code">{code || t('exception.none')}</span> },
          { key: 'message', label: t('exception.message'), children: <span className="exception-message">{message || t('exception.none')}</span> },
        ]}
      />
    </Result>
  );
}
