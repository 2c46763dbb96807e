import type { ReactNode } from 'react';
import WarningFilled from '@ant-design/icons/es/icons/WarningFilled';
import './warning-result.css';

/**
 * A warning with a title, an optional explanation and actions, laid out as antd's
 * `<Result status="warning">` is. For the screens every first load carries (the initial-state
 * gate, a route's error screen, the home map): antd's Result brings its 404/403/500 illustrations
 * along, a tenth of /home's first load (issue 13 item 9).
 */
export function WarningResult({ title, subTitle, extra, className }: { title: ReactNode; subTitle?: ReactNode; extra?: ReactNode; className?: string }) {
  return (
    <div className={className ? `warning-result ${className}` : 'warning-result'}>
      <WarningFilled className="warning-result-icon" aria-hidden />
      <div className="warning-result-title">{title}</div>
      {subTitle && <div className="warning-result-subtitle">{subTitle}</div>}
      {extra && <div className="warning-result-extra">{extra}</div>}
    </div>
  );
}
