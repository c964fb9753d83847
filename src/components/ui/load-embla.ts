/**
 * Embla's engine as a chunk of its own, fetched on demand. Its own module so a
 * test can hold the import back the way a slow network does.
 */
export const loadEmbla = () => import('embla-carousel')
