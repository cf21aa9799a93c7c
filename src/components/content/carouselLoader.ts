/** The carousel and Swiper come in a chunk of their own: a route can ask for it while its page data downloads. */
export const loadCarousel = () => import('./Carousel');
