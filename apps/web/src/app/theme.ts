import type { ThemeConfig } from 'antd/es/config-provider';

/** The portal's calm eco-green Ant Design theme. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f7a4d',
    colorInfo: '#1f7a4d',
    // the derived info background of this green comes out a muddy grey; set it to a light green
    colorInfoBg: '#eef6f1',
    colorInfoBorder: '#b9dcc6',
    colorLink: '#17663f',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#0f4d2f', headerPadding: '0 24px', bodyBg: '#f3f6f4', footerBg: '#e7eee9' },
  },
};
