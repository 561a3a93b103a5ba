import type { Config } from 'tailwindcss';

// The store's breakpoints: 428, 640, 768 and 1024 px (the grid goes 1/2/3 columns at <640/640/1024;
// docs/storefront.md).
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    screens: {
      xs: '428px',
      sm: '640px',
      md: '768px',
      lg: '1024px',
    },
    extend: {
      colors: {
        brand: {
          50: '#ecfdf3',
          100: '#d1fadf',
          500: '#12b76a',
          600: '#079455',
          700: '#067647',
          800: '#085d3a',
          900: '#074d31',
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
