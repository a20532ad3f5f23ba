/** Ant Design theme of the signed-in app and the sign-in form; the public pages do not load the library. */
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';

const THEME = {
  token: {
    colorPrimary: '#4f46e5',
    borderRadius: 10,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
}
