/** What other plugins may use of `plugins/products` (issue 28): a product as sold, by id. */
export { findProduct, type ProductRow } from './service';
