import type { TestProject } from 'vitest/node';
import { startProduct } from '../../scripts/lib/processes';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
  }
}

// One running product (built api and web, small demo catalogue) for every e2e file.
export default async function setup(project: TestProject) {
  const product = await startProduct({ products: 1500 });
  project.provide('webUrl', product.webUrl);
  project.provide('apiUrl', product.apiUrl);
  return () => product.stop();
}
