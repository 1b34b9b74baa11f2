import { useEffect } from 'react';
import { useProductName } from './app-config';

/** Sets the document title to "<Page> | {product}". */
export const usePageTitle = (page: string | undefined): void => {
  const product = useProductName();
  useEffect(() => {
    document.title = page ? `${page} | ${product}` : product;
  }, [page, product]);
};
