/** External destinations of the public pages (product-spec §1, §2). */
export const EXTERNAL_LINKS = {
  blog: 'https://tracklens.example/blog',
  youtube: 'https://tracklens.example/youtube',
  about: 'https://tracklens.example/about',
  bookDemo: 'https://tracklens.example/book-a-demo',
} as const;
