import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef2ff',
  '#dde3fb',
  '#b8c4f2',
  '#90a3ea',
  '#6f87e3',
  '#5a75df',
  '#4e6cde',
  '#3f5bc5',
  '#3651b1',
  '#29459d',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // Shade 7: white on it and it on the page background both meet WCAG AA (6.0:1 and 5.7:1; shade 6 was 4.4:1 on gray-0).
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  cursorType: 'pointer',
  // A visitor who asked the system for less motion gets modals, menus and notifications without their transitions
  // (global.css stops the stylesheets' animations for them too).
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Modal: { defaultProps: { radius: 'lg', centered: true } },
  },
});
