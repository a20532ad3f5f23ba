/** Ant Design theme of the signed-in app and the sign-in form; the public pages do not load the library. */
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import type { ReactNode } from 'react';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    // antd derives a lighter hover shade (#7d72f2) on which a primary button's white label falls below WCAG AA:
    // hovered and pressed buttons darken instead.
    colorPrimaryHover: '#4338ca',
    colorPrimaryActive: '#3730a3',
    // antd's default error red and grey helper text fall below WCAG AA contrast on white.
    colorError: '#dc2626',
    colorTextDescription: '#64748b',
    borderRadius: 10,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
}
