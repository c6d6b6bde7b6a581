// `import 'storefront-elements/catalog-list'`: registers <catalog-list> and gives its class.
import '../../events.js'; // its declarations type the events on elements, document and window
import { CatalogList } from './catalog-list.js';

export { CatalogList };

CatalogList.define();
