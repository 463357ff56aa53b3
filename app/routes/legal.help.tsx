import Content, { description, title } from "~/features/legal/content/aide.mdx";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/seo";

export const meta = () => pageMeta(title, description);

export default function HelpCenterRoute() {
  return <LegalPage Content={Content} />;
}
