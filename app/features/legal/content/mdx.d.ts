/** What every content file of this folder exports (compiled by @mdx-js/rollup, vite.config.ts). */
declare module "*.mdx" {
  import type { ComponentType } from "react";

  /** Full document title, for `<title>`. */
  export const title: string;
  /** One sentence for `<meta name="description">`. */
  export const description: string;
  const Content: ComponentType;
  export default Content;
}
