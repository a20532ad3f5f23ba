import theme from 'antd/es/theme';
import { THEME } from './antd-theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('antd theme', () => {
  const tokens = theme.getDesignToken(THEME);

  it.each(['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'] as const)(
    'should keep a primary button white label readable (WCAG AA) on %s',
    (token) => {
      expect(contrast(tokens[token], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['colorError', 'colorTextDescription'] as const)('should keep %s text readable on white', (token) => {
    expect(contrast(tokens[token], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
