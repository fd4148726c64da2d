/** What other features use of the wish lists: the product page's heart. */
export { WishListHeart } from './WishListHeart';
