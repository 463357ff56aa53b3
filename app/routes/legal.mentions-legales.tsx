import Content, { description, title } from "~/features/legal/content/mentions-legales.mdx";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/seo";

export const meta = () => pageMeta(title, description);

export default function LegalNoticesRoute() {
  return <LegalPage Content={Content} />;
}
