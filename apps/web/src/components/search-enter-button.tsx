import type { ReactElement } from 'react';
import Button from 'antd/es/button';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';

/**
 * The `enterButton` of an antd `Input.Search`: the primary button with the search icon and
 * `label`. Returned as antd's own Button element, which Input.Search clones with its click handler.
 *
 * With an icon, antd's Button does not mount the motion of its loading icon, whose first layout
 * effect schedules a synchronous re-render: React then runs every pending effect of the first
 * screen in the same long task as its commit (issue 13 item 9: total blocking time).
 */
export function searchEnterButton(label: string): ReactElement {
  return (
    <Button color="primary" variant="solid" icon={<SearchOutlined aria-hidden />}>
      {label}
    </Button>
  );
}
