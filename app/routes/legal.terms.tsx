import Content, { description, title } from "~/features/legal/content/conditions-generales.mdx";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/seo";

export const meta = () => pageMeta(title, description);

export default function TermsOfUseRoute() {
  return <LegalPage Content={Content} />;
}
