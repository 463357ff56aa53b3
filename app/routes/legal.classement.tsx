import Content, { description, title } from "~/features/legal/content/classement.mdx";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/seo";

export const meta = () => pageMeta(title, description);

export default function RankingRoute() {
  return <LegalPage Content={Content} />;
}
