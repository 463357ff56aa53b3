import { Link } from "react-router";
import { Breadcrumb } from "~/ui/breadcrumb";
import { buttonClasses } from "~/ui/button";
import { IMPORT_COLUMNS } from "./import-columns";
import { STOCK_PAGE_PATH, STOCK_TEMPLATE_PATH } from "./stock-import-paths";

/** The help page of the stock import: the documented columns and the template to download (issue 35). */
export function StockHelpPage({ maxMegabytes, maxRows }: { maxMegabytes: number; maxRows: number }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Breadcrumb
        items={[
          { label: "Accueil", to: "/" },
          { label: "Mon stock", to: STOCK_PAGE_PATH },
          { label: "Aide à l'import" },
        ]}
      />
      <h1 className="text-2xl font-bold text-slate-900">Importer votre stock : le fichier CSV</h1>
      <div className="space-y-2 text-slate-700">
        <p>
          Exportez votre stock depuis votre logiciel ou votre tableur au format CSV : séparateur « ; » ou « , »,
          encodage UTF-8 (avec ou sans BOM) ou Windows-1252 (« CSV (séparateur : point-virgule) » d'Excel). La première
          ligne donne le nom des colonnes ; majuscules, accents et espaces sont tolérés (« Modèle » = « modele »).
        </p>
        <p>
          Nombres et dates au format français : « 12 500 », « 12 500,00 € », « 03/2019 », « 12/09/2026 ». Un prix écrit
          « 12.500 » est refusé plutôt que deviné. Au plus {maxMegabytes} Mo et {maxRows.toLocaleString("fr-FR")} lignes
          par fichier.
        </p>
        <p>
          Chaque ligne est reliée à son annonce par la colonne « reference » : réimportez le même fichier après l'avoir
          modifié, rien n'est dupliqué. Une ligne illisible est refusée avec son numéro et la raison ; les autres sont
          importées.
        </p>
      </div>
      <a href={STOCK_TEMPLATE_PATH} className={buttonClasses("primary")} download="modele-stock-occazio.csv">
        Télécharger le modèle CSV
      </a>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Colonnes du fichier de stock</caption>
          <thead className="border-b border-slate-300 text-slate-900">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Colonne
              </th>
              <th scope="col" className="py-2 pr-3">
                Obligatoire
              </th>
              <th scope="col" className="py-2 pr-3">
                Contenu
              </th>
              <th scope="col" className="py-2">
                Exemple
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-700">
            {IMPORT_COLUMNS.map((column) => (
              <tr key={column.name}>
                <th scope="row" className="py-2 pr-3 font-mono font-semibold text-slate-900">
                  {column.name}
                </th>
                <td className="py-2 pr-3">{column.required ? "oui" : (column.requiredWhen ?? "non")}</td>
                <td className="py-2 pr-3">{column.help}</td>
                <td className="break-all py-2 font-mono text-xs">{column.example}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section id="flux" className="space-y-2 text-slate-700" aria-labelledby="stock-feed-help">
        <h2 id="stock-feed-help" className="text-xl font-semibold text-slate-900">
          Flux automatique
        </h2>
        <p>
          Si votre logiciel publie votre stock à une adresse web (https://…), enregistrez-la dans « Mon stock » : nous la
          lisons toutes les 6 heures, et à la demande avec « Synchroniser maintenant ». Le flux est un fichier CSV comme
          ci-dessus, ou un tableau JSON d'objets dont les clés sont les mêmes colonnes (par exemple{" "}
          <code className="font-mono text-xs">
            [{"{"}&quot;reference&quot;: &quot;VO-1&quot;, &quot;marque&quot;: &quot;Peugeot&quot;, &quot;prix&quot;:
            17490, &quot;photos&quot;: [&quot;https://…/1.jpg&quot;]{"}"}]
          </code>
          ). Mêmes limites que pour un fichier.
        </p>
        <p>
          Le flux est votre stock complet : l'annonce d'un véhicule qui n'y figure plus est supprimée (son adresse
          indique qu'elle n'est plus en ligne ; pour mettre une voiture de côté sans la supprimer, gardez-la dans le flux
          et utilisez « Retirer de la vente » dans Mon stock). Si plus de la moitié de vos annonces en ligne devaient être retirées d'un coup, rien n'est
          retiré avant votre confirmation. Un flux inchangé (ETag ou Last-Modified de votre serveur) ne coûte qu'une
          requête.
        </p>
        <p>
          Si le flux ne répond pas, répond par une erreur ou renvoie une page web au lieu du fichier, vos annonces restent
          telles quelles et nous réessayons (après 5 minutes, puis 20, puis 80…) ; vous êtes prévenu par e-mail au
          troisième échec de suite.
        </p>
      </section>
      <p className="text-sm text-slate-600">
        Les photos sont téléchargées depuis leurs adresses par nos serveurs (JPEG, PNG ou WebP, 15 Mo au plus chacune) ;
        une nouvelle annonce est envoyée en modération dès que ses photos sont récupérées. Une photo ajoutée ou
        remplacée sur une annonce en ligne est visible après validation, comme les autres modifications importantes ;
        une photo identique à la précédente (même contenu à une autre adresse) ne change rien. Pour un professionnel « de
        confiance », tout est publié immédiatement et une partie est contrôlée après publication.{" "}
        <Link to={STOCK_PAGE_PATH} className="underline">
          Revenir à Mon stock
        </Link>
      </p>
    </div>
  );
}
