import type { ComponentType, ReactNode } from "react";

/**
 * Static legal and help pages. Plain components with no loader and no router dependency
 * (links are ordinary anchors), so they render anywhere: routes, tests, e-mails previews.
 * Facts not yet known (registration numbers, host, mediator) are marked as such rather than
 * invented; update them, and the date below, before going to production.
 */

const CONTACT_EMAIL = "contact@occazio.example";

function LastUpdated() {
  return <p className="text-sm text-slate-500">Dernière mise à jour : 21/11/2026</p>;
}

function ContactLink() {
  return <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;
}

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="rounded-lg border border-slate-200 px-4 py-2 [&_p:last-child]:mb-2">
      <summary className="cursor-pointer py-1 font-semibold text-slate-900">{question}</summary>
      {children}
    </details>
  );
}

/* ------------------------------------------------------------------------------------- */

export function LegalNotices() {
  return (
    <article className="prose prose-slate max-w-none">
      <h1>Mentions légales</h1>
      <LastUpdated />
      <p>
        Conformément aux articles 6 et 19 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie
        numérique (LCEN), les informations suivantes sont portées à la connaissance des utilisateurs du site Occazio.
      </p>

      <h2>Éditeur du site</h2>
      <p>
        Le site est édité par <strong>Occazio SAS (société en cours d'immatriculation)</strong>.
      </p>
      <ul>
        <li>Forme sociale&nbsp;: société par actions simplifiée, en cours de constitution.</li>
        <li>
          Capital social, adresse du siège social, numéro d’immatriculation au registre du commerce et des sociétés
          (RCS) et numéro de TVA intracommunautaire&nbsp;: non encore attribués&nbsp;; ils seront publiés sur cette page
          dès l’immatriculation de la société.
        </li>
        <li>
          Adresse électronique&nbsp;: <ContactLink />
        </li>
      </ul>

      <h2>Directeur de la publication</h2>
      <p>
        Le directeur de la publication est le représentant légal de la société Occazio SAS. Son nom sera indiqué sur
        cette page dès l’immatriculation de la société. Dans l’intervalle, il peut être joint à l’adresse{" "}
        <ContactLink />.
      </p>

      <h2>Hébergeur</h2>
      <p>
        <strong>hébergement : à préciser lors de la mise en production.</strong> La dénomination, l’adresse et le numéro
        de téléphone du prestataire qui assure le stockage du site et de ses données seront indiqués ici avant
        l’ouverture du service au public.
      </p>

      <h2>Statut de la plateforme</h2>
      <p>
        Occazio met en relation des vendeurs, particuliers ou professionnels, et des acheteurs de véhicules d’occasion.
        Les annonces, photos et messages sont rédigés et publiés par les utilisateurs, sous leur seule responsabilité.
        Pour ces contenus, Occazio agit en qualité d’hébergeur au sens de l’article 6 de la LCEN et de fournisseur de
        plateforme en ligne au sens du règlement (UE) 2022/2065 sur les services numériques («&nbsp;DSA&nbsp;»). Occazio
        n’est ni vendeur, ni acheteur, ni mandataire des parties et n’intervient pas dans les transactions.
      </p>
      <p>
        Point de contact unique pour les autorités et pour les utilisateurs (articles 11 et 12 du DSA)&nbsp;:{" "}
        <ContactLink />. Les échanges peuvent avoir lieu en français ou en anglais.
      </p>
      <p>
        Tout contenu que vous estimez illicite peut être signalé selon la procédure décrite dans les{" "}
        <a href="/terms">conditions générales d’utilisation</a>.
      </p>

      <h2>Propriété intellectuelle</h2>
      <p>
        La structure du site, sa charte graphique, ses textes éditoriaux, le nom et le logo «&nbsp;Occazio&nbsp;» ainsi
        que le code logiciel sont protégés par le droit de la propriété intellectuelle. Toute reproduction,
        représentation ou extraction substantielle, totale ou partielle, sans autorisation écrite préalable est
        interdite, sous réserve des exceptions prévues par la loi.
      </p>
      <p>
        Les annonces et les photos restent la propriété de leurs auteurs. En les publiant, ceux-ci accordent à Occazio
        la licence limitée décrite dans les conditions générales d’utilisation. Il est interdit de collecter les
        annonces de manière automatisée (aspiration, «&nbsp;scraping&nbsp;») pour les réutiliser sur un autre service.
      </p>
      <p>
        Les noms et marques de constructeurs automobiles cités sur le site appartiennent à leurs titulaires
        respectifs&nbsp;; ils sont utilisés uniquement pour désigner les véhicules proposés.
      </p>

      <h2>Données de référence et attributions</h2>
      <p>Le site réutilise les données ouvertes suivantes, que nous remercions leurs producteurs de publier&nbsp;:</p>
      <ul>
        <li>
          <strong>Codes postaux et coordonnées des communes</strong>&nbsp;: Base officielle des codes postaux, La Poste,
          ODbL. Source&nbsp;: data.gouv.fr. Ces données sont réutilisées sous la licence Open Database License (ODbL)
          1.0&nbsp;; la base dérivée utilisée par le site pour la recherche par code postal et par distance est soumise
          à la même licence et peut être communiquée sur demande à <ContactLink />.
        </li>
        <li>
          <strong>Noms officiels des communes</strong>&nbsp;: Découpage administratif — Etalab, Licence Ouverte 2.0. Ces
          données sont issues du Code officiel géographique de l’Insee et réutilisées sous la Licence Ouverte / Open
          Licence version 2.0.
        </li>
        <li>
          <strong>Fonds de carte</strong>&nbsp;: © les contributeurs d'OpenStreetMap (ODbL). Les données cartographiques
          sont disponibles sous la licence Open Database License&nbsp;; voir{" "}
          <a href="https://www.openstreetmap.org/copyright">openstreetmap.org/copyright</a>. Les tuiles cartographiques
          sont fournies par un serveur de tuiles tiers dont l’attribution est également affichée sous chaque carte.
        </li>
      </ul>
      <p>
        Ces données sont fournies «&nbsp;en l’état&nbsp;»&nbsp;; malgré le soin apporté à leur intégration, elles
        peuvent comporter des erreurs ou ne pas refléter les évolutions administratives les plus récentes.
      </p>

      <h2>Données personnelles et cookies</h2>
      <p>
        Le traitement de vos données personnelles est décrit dans la <a href="/privacy">politique de confidentialité</a>
        , et l’usage des cookies dans la <a href="/charte-cookies">charte cookies</a>.
      </p>

      <h2>Contact</h2>
      <p>
        Pour toute question relative au site, à son contenu ou à ces mentions légales, écrivez-nous à <ContactLink />.
        Nous nous efforçons de répondre dans un délai de sept jours ouvrés.
      </p>
    </article>
  );
}

/* ------------------------------------------------------------------------------------- */

export function CookieCharter() {
  return (
    <article className="prose prose-slate max-w-none">
      <h1>Charte cookies</h1>
      <LastUpdated />
      <p>
        Cette charte explique quels cookies et autres traceurs sont utilisés lorsque vous consultez Occazio, à quoi ils
        servent et comment vous pouvez les gérer. Elle complète notre{" "}
        <a href="/privacy">politique de confidentialité</a>.
      </p>

      <h2>Qu’est-ce qu’un cookie&nbsp;?</h2>
      <p>
        Un cookie est un petit fichier texte déposé sur votre terminal (ordinateur, téléphone, tablette) par le site que
        vous visitez. Il permet au site de reconnaître votre navigateur d’une page à l’autre, par exemple pour vous
        garder connecté.
      </p>
      <p>
        L’article 82 de la loi Informatique et Libertés et les lignes directrices de la CNIL imposent de recueillir
        votre consentement avant de déposer un cookie, sauf si ce cookie est strictement nécessaire à la fourniture du
        service que vous avez demandé.
      </p>

      <h2>Les cookies que nous utilisons</h2>
      <p>
        Occazio n’utilise <strong>que des cookies strictement nécessaires</strong> au fonctionnement du site. C’est
        pourquoi aucun bandeau ne vous demande votre consentement&nbsp;: ces cookies en sont dispensés.
      </p>
      <ul>
        <li>
          <strong>Cookie de session (authentification)</strong>&nbsp;: il est déposé lorsque vous vous connectez et
          permet de vous reconnaître tant que vous restez connecté (accès à vos annonces, à vos favoris, à votre
          messagerie et à votre compte). Il contient un identifiant aléatoire, sans aucune information personnelle
          lisible. Il est marqué <em>HttpOnly</em> (illisible par les scripts de la page), <em>Secure</em> (transmis
          uniquement en HTTPS) et <em>SameSite</em> (non envoyé par les sites tiers). Il est supprimé lorsque vous vous
          déconnectez et expire au plus tard à l’échéance de votre session, qui est prolongée tant que vous utilisez le
          site.
        </li>
        <li>
          <strong>Cookies techniques de connexion</strong>&nbsp;: lorsque vous vous connectez au moyen d’un fournisseur
          d’identité (par exemple Google), des cookies temporaires servent à sécuriser l’échange avec ce fournisseur et
          à se protéger contre la falsification de requêtes. Ils sont supprimés à l’issue de la connexion et ne durent
          pas plus de quelques minutes.
        </li>
      </ul>
      <p>
        La protection contre les abus (limitation du nombre de tentatives de connexion, de publications ou de messages)
        est assurée côté serveur, à partir de l’adresse IP ou de l’identifiant de compte&nbsp;: elle ne dépose{" "}
        <strong>aucun cookie</strong> sur votre terminal.
      </p>

      <h2>Ce que nous n’utilisons pas</h2>
      <ul>
        <li>aucun cookie publicitaire, ni régie publicitaire&nbsp;;</li>
        <li>aucun outil de mesure d’audience ou de statistiques tiers&nbsp;;</li>
        <li>aucun bouton de partage ou module de réseau social qui vous suivrait d’un site à l’autre&nbsp;;</li>
        <li>aucune revente ni aucun partage de données de navigation à des fins commerciales.</li>
      </ul>
      <p>
        Les compteurs affichés au vendeur (nombre de vues, de clics et de mises en favori d’une annonce) sont calculés
        sur nos serveurs, de manière agrégée, sans cookie de suivi.
      </p>

      <h2>Cartes et serveur de tuiles</h2>
      <p>
        Les cartes (recherche sur carte, localisation d’une annonce) sont composées de «&nbsp;tuiles&nbsp;» d’images
        chargées directement par votre navigateur depuis un serveur de tuiles cartographiques. À ce jour, il s’agit par
        défaut du serveur de la Fondation OpenStreetMap&nbsp;; le prestataire retenu lors de la mise en production sera
        indiqué dans cette charte. Comme pour toute ressource chargée sur le web, ce serveur reçoit votre adresse IP,
        l’adresse de la page consultée et les informations techniques de votre navigateur. Occazio ne lui transmet
        aucune autre donnée vous concernant, et les tuiles ne sont chargées que lorsqu’une carte est affichée.
      </p>

      <h2>Comment gérer les cookies</h2>
      <p>
        Vous pouvez à tout moment consulter, bloquer ou supprimer les cookies depuis les réglages de votre
        navigateur&nbsp;:
      </p>
      <ul>
        <li>
          <strong>Chrome</strong>&nbsp;: Paramètres › Confidentialité et sécurité › Cookies tiers et données des
          sites&nbsp;;
        </li>
        <li>
          <strong>Firefox</strong>&nbsp;: Paramètres › Vie privée et sécurité › Cookies et données de sites&nbsp;;
        </li>
        <li>
          <strong>Safari</strong>&nbsp;: Réglages › Confidentialité › Gérer les données de sites web (sur iPhone&nbsp;:
          Réglages › Safari)&nbsp;;
        </li>
        <li>
          <strong>Edge</strong>&nbsp;: Paramètres › Cookies et autorisations de site.
        </li>
      </ul>
      <p>
        Si vous bloquez les cookies de notre site, vous pourrez toujours rechercher et consulter les annonces, mais vous
        ne pourrez plus vous connecter, publier d’annonce, enregistrer de favoris ni échanger avec les vendeurs. La CNIL
        propose des conseils pour maîtriser les cookies sur <a href="https://www.cnil.fr">cnil.fr</a>, rubrique
        «&nbsp;Cookies et autres traceurs&nbsp;».
      </p>

      <h2>Évolution de cette charte</h2>
      <p>
        Si nous devions un jour utiliser des cookies soumis à consentement, nous mettrions à jour cette charte et vous
        demanderions votre accord préalable, que vous pourriez refuser aussi facilement que l’accepter. Pour toute
        question&nbsp;: <ContactLink />.
      </p>
    </article>
  );
}

/* ------------------------------------------------------------------------------------- */

export function PrivacyPolicy() {
  return (
    <article className="prose prose-slate max-w-none">
      <h1>Politique de confidentialité</h1>
      <LastUpdated />
      <p>
        Cette politique décrit comment Occazio collecte et utilise vos données personnelles lorsque vous consultez le
        site, créez un compte, publiez une annonce ou contactez un vendeur, conformément au règlement (UE) 2016/679
        («&nbsp;RGPD&nbsp;») et à la loi n° 78-17 du 6 janvier 1978 modifiée («&nbsp;Informatique et Libertés&nbsp;»).
      </p>

      <h2>Responsable du traitement</h2>
      <p>
        Le responsable du traitement est Occazio SAS (société en cours d'immatriculation), dont les coordonnées
        complètes figurent dans les <a href="/mentions-legales">mentions légales</a>. Pour toute question relative à vos
        données ou pour exercer vos droits, écrivez à <ContactLink />. Aucun délégué à la protection des données n’a été
        désigné à ce jour&nbsp;; si l’un d’eux l’était, ses coordonnées seraient publiées ici.
      </p>

      <h2>Les données que nous collectons</h2>
      <h3>Votre compte</h3>
      <ul>
        <li>adresse e-mail et mot de passe (conservé uniquement sous forme hachée)&nbsp;;</li>
        <li>pseudo, visible des autres utilisateurs&nbsp;;</li>
        <li>nom et prénom, visibles de vous seul&nbsp;;</li>
        <li>numéro de téléphone, facultatif&nbsp;;</li>
        <li>
          si vous vous connectez avec un fournisseur d’identité (par exemple Google)&nbsp;: l’identifiant que ce
          fournisseur nous transmet, votre adresse e-mail, vos nom et prénom et, le cas échéant, votre photo de
          profil&nbsp;;
        </li>
        <li>vos préférences de notification, la date de création du compte et vos sessions de connexion.</li>
      </ul>
      <h3>Vos annonces</h3>
      <ul>
        <li>
          les caractéristiques du véhicule (marque, modèle, année, date de première mise en circulation, énergie, boîte
          de vitesses, puissances, kilométrage, couleur, état…), la description et le prix&nbsp;;
        </li>
        <li>
          la localisation, limitée au code postal et à la commune&nbsp;: la position affichée sur la carte est celle de
          la commune, jamais votre adresse&nbsp;;
        </li>
        <li>l’historique de modération (dates de soumission et de publication, motif d’un éventuel refus)&nbsp;;</li>
        <li>les compteurs de vues, de clics et de mises en favori, sous forme agrégée.</li>
      </ul>
      <h3>Vos photos</h3>
      <p>
        Les photos que vous envoyez sont ré-encodées par nos serveurs. À cette occasion,{" "}
        <strong>toutes leurs métadonnées sont supprimées</strong>, notamment les données EXIF&nbsp;: coordonnées GPS du
        lieu de prise de vue, date, modèle de l’appareil. Seule l’image elle-même est conservée et publiée. Pensez
        toutefois à ce qui est visible sur la photo (plaque d’immatriculation, façade de votre domicile, personnes,
        documents).
      </p>
      <h3>Vos messages</h3>
      <p>
        Le contenu des messages échangés entre acheteurs et vendeurs via la messagerie, leurs dates et l’annonce à
        laquelle ils se rapportent.
      </p>
      <h3>Vos favoris</h3>
      <p>
        La liste des annonces que vous avez enregistrées et la date d’ajout. Votre liste n’est pas rendue
        publique&nbsp;; le vendeur voit seulement le nombre total de mises en favori de son annonce, jamais qui l’a
        ajoutée.
      </p>
      <h3>Données techniques</h3>
      <p>
        Des journaux techniques&nbsp;: adresse IP, date et heure, page ou fonction appelée, type de navigateur, ainsi
        que les événements de sécurité (connexions, échecs de connexion, réinitialisations de mot de passe, dépassements
        de limites anti-abus). Nous n’utilisons aucun traceur publicitaire ni outil de mesure d’audience tiers (voir la{" "}
        <a href="/charte-cookies">charte cookies</a>).
      </p>

      <h2>Pourquoi nous les utilisons et sur quelle base légale</h2>
      <ul>
        <li>
          <strong>Créer et gérer votre compte, vous authentifier</strong>&nbsp;: exécution du contrat que constituent
          nos conditions générales d’utilisation (article 6.1.b du RGPD).
        </li>
        <li>
          <strong>Publier, afficher et gérer vos annonces&nbsp;; permettre la recherche</strong>&nbsp;: exécution du
          contrat.
        </li>
        <li>
          <strong>
            Modérer les annonces avant leur mise en ligne, traiter les signalements, prévenir la fraude et les arnaques
          </strong>
          &nbsp;: intérêt légitime d’Occazio et de ses utilisateurs à disposer d’une plateforme fiable (article 6.1.f)
          et respect de nos obligations légales d’hébergeur (article 6.1.c).
        </li>
        <li>
          <strong>Transmettre vos messages et vous notifier par e-mail</strong> (annonce validée, nouveau message,
          réinitialisation du mot de passe)&nbsp;: exécution du contrat. Les notifications non indispensables peuvent
          être désactivées dans vos paramètres.
        </li>
        <li>
          <strong>Enregistrer vos favoris</strong>&nbsp;: exécution du contrat.
        </li>
        <li>
          <strong>Assurer la sécurité du service</strong> (journaux, limitation des abus, détection des connexions
          suspectes)&nbsp;: intérêt légitime et obligation légale de conservation des données d’identification (article
          6 de la LCEN et décret n° 2021-1362 du 20 octobre 2021).
        </li>
        <li>
          <strong>Répondre à vos demandes et à celles des autorités</strong>&nbsp;: intérêt légitime et obligations
          légales.
        </li>
      </ul>
      <p>
        Aucune décision produisant des effets juridiques à votre égard n’est prise sur le seul fondement d’un traitement
        automatisé&nbsp;: la modération est effectuée par des personnes, éventuellement aidées de filtres automatiques.
      </p>

      <h2>Durées de conservation</h2>
      <ul>
        <li>
          <strong>Compte</strong>&nbsp;: tant qu’il est actif. Un compte sans aucune connexion pendant trois ans est
          supprimé, après un e-mail de prévenance envoyé un mois avant.
        </li>
        <li>
          <strong>Annonces</strong>&nbsp;: en ligne jusqu’à ce que vous les supprimiez ou les marquiez comme
          vendues&nbsp;; elles sont ensuite conservées douze mois hors ligne, pour traiter d’éventuels signalements ou
          litiges, puis supprimées. Les brouillons jamais soumis sont supprimés après douze mois d’inactivité.
        </li>
        <li>
          <strong>Photos</strong>&nbsp;: supprimées au plus tard trente jours après la suppression de l’annonce ou du
          compte.
        </li>
        <li>
          <strong>Messages</strong>&nbsp;: conservés tant que les deux comptes concernés existent, et au plus trois ans
          après le dernier message de la conversation.
        </li>
        <li>
          <strong>Favoris</strong>&nbsp;: jusqu’à ce que vous les retiriez, que l’annonce soit supprimée ou que votre
          compte soit supprimé.
        </li>
        <li>
          <strong>Journaux techniques</strong>&nbsp;: douze mois. Les données d’identification des auteurs de contenus
          sont conservées un an, comme l’exige le décret n° 2021-1362.
        </li>
        <li>
          <strong>Liens de réinitialisation de mot de passe et de vérification d’e-mail</strong>&nbsp;: quelques heures
          au plus, puis invalidés.
        </li>
        <li>
          <strong>Comptes suspendus pour fraude</strong>&nbsp;: les données strictement nécessaires (adresse e-mail,
          motif, date) sont conservées trois ans afin d’empêcher une nouvelle inscription.
        </li>
        <li>
          <strong>Échanges avec notre service de contact</strong>&nbsp;: trois ans à compter du dernier échange.
        </li>
      </ul>

      <h2>Qui peut accéder à vos données</h2>
      <ul>
        <li>
          <strong>Les autres utilisateurs</strong>&nbsp;: voient le contenu de vos annonces publiées (dont la commune et
          le code postal), vos photos et votre pseudo. Vos nom, prénom et adresse e-mail ne sont pas affichés. Votre
          numéro de téléphone n’est communiqué que si vous avez choisi de le rendre visible aux acheteurs. Vos
          interlocuteurs voient les messages que vous leur envoyez.
        </li>
        <li>
          <strong>L’équipe d’Occazio</strong>&nbsp;: les personnes chargées de la modération, du support et de la
          sécurité, dans la limite de leurs missions.
        </li>
        <li>
          <strong>Nos sous-traitants</strong>&nbsp;: l’hébergeur du site et des photos et le prestataire d’envoi
          d’e-mails, liés par un contrat conforme à l’article 28 du RGPD. Leur identité sera précisée ici lors de la
          mise en production.
        </li>
        <li>
          <strong>Le fournisseur d’identité</strong> que vous choisissez pour vous connecter, qui agit comme responsable
          de traitement distinct, selon sa propre politique de confidentialité.
        </li>
        <li>
          <strong>Le serveur de tuiles cartographiques</strong>, qui reçoit votre adresse IP lorsqu’une carte est
          affichée (voir la <a href="/charte-cookies">charte cookies</a>).
        </li>
        <li>
          <strong>Les autorités</strong> administratives ou judiciaires, sur réquisition ou demande légalement fondée.
        </li>
      </ul>
      <p>
        Vos données ne sont jamais vendues ni louées. Nous privilégions des prestataires qui traitent les données dans
        l’Union européenne. Lorsqu’une donnée est transférée hors de l’Union (par exemple votre adresse IP vers le
        serveur de tuiles par défaut, exploité par la Fondation OpenStreetMap depuis le Royaume-Uni), ce transfert est
        encadré par les garanties prévues par le RGPD&nbsp;: décision d’adéquation de la Commission européenne ou
        clauses contractuelles types.
      </p>

      <h2>Vos droits</h2>
      <p>Vous disposez des droits suivants sur vos données&nbsp;:</p>
      <ul>
        <li>
          <strong>droit d’accès</strong>&nbsp;: obtenir la confirmation que nous traitons vos données et en recevoir une
          copie&nbsp;;
        </li>
        <li>
          <strong>droit de rectification</strong>&nbsp;: corriger des données inexactes, directement depuis
          «&nbsp;Compte › Informations personnelles&nbsp;» ou en nous écrivant&nbsp;;
        </li>
        <li>
          <strong>droit à l’effacement</strong>&nbsp;: vous pouvez supprimer votre compte à tout moment depuis la page
          «&nbsp;Connexion et sécurité&nbsp;» de votre compte. Vos annonces, photos, favoris et messages sont alors
          supprimés ou anonymisés, sous réserve des durées légales de conservation indiquées ci-dessus&nbsp;;
        </li>
        <li>
          <strong>droit à la portabilité</strong>&nbsp;: recevoir les données que vous nous avez fournies dans un format
          structuré et lisible par machine&nbsp;;
        </li>
        <li>
          <strong>droit d’opposition</strong> aux traitements fondés sur notre intérêt légitime, pour des raisons tenant
          à votre situation particulière&nbsp;;
        </li>
        <li>
          <strong>droit à la limitation</strong> du traitement, par exemple le temps que nous vérifiions une demande de
          rectification&nbsp;;
        </li>
        <li>
          <strong>directives post-mortem</strong>&nbsp;: définir ce que deviennent vos données après votre décès
          (article 85 de la loi Informatique et Libertés).
        </li>
      </ul>
      <p>
        Pour exercer ces droits, écrivez à <ContactLink /> depuis l’adresse associée à votre compte. Nous répondons dans
        un délai d’un mois, qui peut être prolongé de deux mois pour les demandes complexes&nbsp;; nous vous en
        informerions alors. En cas de doute raisonnable sur votre identité, nous pouvons vous demander un justificatif.
      </p>

      <h2>Réclamation auprès de la CNIL</h2>
      <p>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une
        réclamation à la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715,
        75334 Paris Cedex 07, ou en ligne sur <a href="https://www.cnil.fr/fr/adresser-une-plainte">cnil.fr</a>.
      </p>

      <h2>Sécurité</h2>
      <ul>
        <li>
          les mots de passe ne sont jamais stockés en clair&nbsp;: ils sont hachés avec une fonction lente et salée,
          conçue pour résister aux attaques par force brute&nbsp;;
        </li>
        <li>
          le cookie de session est sécurisé (<em>HttpOnly</em>, <em>Secure</em>, <em>SameSite</em>) et les sessions sont
          révoquées lors d’une réinitialisation du mot de passe&nbsp;;
        </li>
        <li>toutes les communications sont chiffrées en HTTPS&nbsp;;</li>
        <li>
          les tentatives de connexion, les publications, les envois de photos et de messages sont limités pour prévenir
          les abus&nbsp;;
        </li>
        <li>
          chaque accès à une donnée privée est contrôlé sur nos serveurs&nbsp;: seul le titulaire du compte (et, pour la
          modération, l’équipe habilitée) peut consulter ses brouillons, ses messages et ses favoris&nbsp;;
        </li>
        <li>les photos sont vérifiées, ré-encodées et débarrassées de leurs métadonnées.</li>
      </ul>
      <p>
        En cas de violation de données susceptible d’engendrer un risque élevé pour vos droits, nous vous en
        informerions dans les meilleurs délais, conformément à l’article 34 du RGPD.
      </p>

      <h2>Mineurs</h2>
      <p>
        Le service est réservé aux personnes majeures. Nous ne collectons pas sciemment de données concernant des
        mineurs&nbsp;; si vous constatez qu’un mineur a créé un compte, signalez-le-nous.
      </p>

      <h2>Modification de cette politique</h2>
      <p>
        Nous pouvons faire évoluer cette politique, notamment lors de la mise en production du service. La date de
        dernière mise à jour figure en haut de la page&nbsp;; en cas de changement important, nous vous en informerons
        par e-mail ou par un message sur le site.
      </p>
    </article>
  );
}

/* ------------------------------------------------------------------------------------- */

export function TermsOfUse() {
  return (
    <article className="prose prose-slate max-w-none">
      <h1>Conditions générales d’utilisation</h1>
      <LastUpdated />

      <h2>1. Objet</h2>
      <p>
        Les présentes conditions générales d’utilisation («&nbsp;CGU&nbsp;») régissent l’accès au site Occazio et son
        utilisation. Occazio est une plateforme de petites annonces qui permet à des vendeurs, particuliers ou
        professionnels, de proposer des véhicules d’occasion à la vente et à des acheteurs de les rechercher et de
        contacter ces vendeurs. Le site est édité par Occazio SAS (société en cours d'immatriculation), dont les
        coordonnées figurent dans les <a href="/mentions-legales">mentions légales</a>.
      </p>
      <p>
        La consultation des annonces est libre. La création d’un compte, la publication d’une annonce, l’utilisation des
        favoris et de la messagerie impliquent l’acceptation sans réserve des présentes CGU.
      </p>

      <h2>2. Inscription</h2>
      <ul>
        <li>
          L’inscription est réservée aux personnes physiques majeures et capables, ainsi qu’aux personnes morales
          représentées par une personne habilitée.
        </li>
        <li>
          Vous pouvez créer un compte avec une adresse e-mail et un mot de passe, ou vous connecter au moyen d’un
          fournisseur d’identité (par exemple Google).
        </li>
        <li>
          Vous vous engagez à fournir des informations exactes et à les tenir à jour. Un pseudo vous est attribué&nbsp;:
          il est visible des autres utilisateurs et ne doit pas être injurieux ni usurper l’identité d’un tiers ou d’une
          marque.
        </li>
        <li>
          Votre compte est personnel. Vous êtes responsable de la confidentialité de votre mot de passe et de toute
          activité réalisée depuis votre compte. Prévenez-nous sans délai en cas d’utilisation frauduleuse.
        </li>
        <li>
          Une même personne ne peut détenir plusieurs comptes pour contourner une suspension ou les limites du service.
        </li>
      </ul>

      <h2>3. Vendeurs professionnels</h2>
      <p>
        Toute personne qui vend des véhicules dans le cadre de son activité commerciale (garage, concessionnaire,
        négociant, mandataire) doit l’indiquer clairement dans ses annonces, communiquer à Occazio, à première demande,
        sa dénomination, son numéro SIREN et son adresse, et respecter les obligations du Code de la consommation,
        notamment l’information précontractuelle de l’acheteur et la garantie légale de conformité. Se présenter
        faussement comme un particulier est une pratique commerciale trompeuse (article L. 121-4 du Code de la
        consommation) et entraîne la suppression du compte.
      </p>

      <h2>4. Publication d’annonces</h2>
      <p>
        Les annonces sont créées au moyen d’un assistant en huit étapes. En publiant une annonce, le vendeur
        garantit&nbsp;:
      </p>
      <ul>
        <li>
          <strong>la véracité de l’annonce</strong>&nbsp;: marque, modèle, année, date de première mise en circulation,
          kilométrage réellement parcouru, énergie, état du véhicule et défauts connus (accident, véhicule endommagé,
          réparations importantes) doivent être exacts et sincères. La falsification du compteur kilométrique est un
          délit&nbsp;;
        </li>
        <li>
          <strong>un véhicule par annonce</strong>&nbsp;: chaque annonce décrit un seul véhicule, précis et
          disponible&nbsp;; les annonces en double pour un même véhicule sont interdites&nbsp;;
        </li>
        <li>
          <strong>des photos réelles</strong> du véhicule proposé, prises par le vendeur ou avec son autorisation&nbsp;;
          les images de catalogue, copiées sur internet ou d’un autre véhicule sont interdites&nbsp;;
        </li>
        <li>
          <strong>un prix réel</strong>, exprimé en euros, toutes taxes comprises, pour la vente du véhicule
          décrit&nbsp;;
        </li>
        <li>
          <strong>son droit de vendre</strong>&nbsp;: le vendeur est propriétaire du véhicule ou dûment mandaté par son
          propriétaire, et le véhicule peut être légalement cédé.
        </li>
      </ul>
      <p>Sont notamment interdits&nbsp;:</p>
      <ul>
        <li>
          les véhicules volés, faisant l’objet d’une opposition ou dépourvus de certificat d’immatriculation, sauf
          mention claire de leur situation&nbsp;;
        </li>
        <li>
          la dissimulation d’un gage, d’un sinistre grave ou d’une procédure «&nbsp;véhicule endommagé&nbsp;»&nbsp;;
        </li>
        <li>
          les annonces qui ne portent pas sur la vente d’un véhicule d’occasion (recherche, échange seul, location,
          pièces détachées, services)&nbsp;;
        </li>
        <li>
          les prix fictifs ou d’appel, et les annonces destinées à collecter des coordonnées ou des acomptes&nbsp;;
        </li>
        <li>les liens vers d’autres sites, la publicité pour d’autres services&nbsp;;</li>
        <li>
          les contenus illicites, injurieux, discriminatoires, portant atteinte à la vie privée ou aux droits de tiers
          (photos de personnes reconnaissables, plaques d’autres véhicules, marques utilisées de façon trompeuse).
        </li>
      </ul>

      <h2>5. Modération avant mise en ligne</h2>
      <p>
        Chaque annonce est vérifiée par l’équipe de modération avant sa publication&nbsp;; pendant ce temps, elle
        apparaît dans l’onglet «&nbsp;En cours de validation&nbsp;» de «&nbsp;Mes annonces&nbsp;». Les modifications
        importantes d’une annonce déjà publiée peuvent faire l’objet d’une nouvelle vérification. Le vendeur est informé
        par e-mail lorsque son annonce est en ligne.
      </p>
      <p>
        Occazio peut refuser une annonce non conforme aux présentes CGU ou à la loi. Le refus est motivé&nbsp;: le motif
        est communiqué au vendeur, qui peut corriger son annonce ou contester la décision en écrivant à <ContactLink />.
        La modération ne constitue pas une vérification du véhicule&nbsp;: elle ne garantit ni l’exactitude de
        l’annonce, ni la solvabilité ou la bonne foi des utilisateurs.
      </p>

      <h2>6. Gestion des annonces</h2>
      <p>
        Depuis «&nbsp;Mes annonces&nbsp;», le vendeur peut modifier, supprimer ou marquer comme vendue chacune de ses
        annonces. Il s’engage à retirer ou à marquer comme vendue, sans délai, l’annonce d’un véhicule qui n’est plus
        disponible.
      </p>

      <h2>7. Favoris</h2>
      <p>
        Les utilisateurs connectés peuvent enregistrer des annonces en favoris pour les retrouver facilement. Leur liste
        n’est pas rendue publique. Une annonce supprimée ou vendue peut disparaître des favoris sans préavis.
      </p>

      <h2>8. Messagerie</h2>
      <p>
        La messagerie permet aux acheteurs de contacter les vendeurs au sujet d’une annonce. Elle doit être utilisée
        uniquement à cette fin. Sont interdits&nbsp;:
      </p>
      <ul>
        <li>l’envoi de messages non sollicités en masse (spam), la prospection commerciale&nbsp;;</li>
        <li>
          les tentatives d’escroquerie&nbsp;: demande d’acompte ou de paiement par mandat cash, coupon prépayé ou
          cryptomonnaie, faux paiement, faux transporteur, lien d’hameçonnage, usurpation d’identité&nbsp;;
        </li>
        <li>le harcèlement, les injures, les menaces et les propos discriminatoires&nbsp;;</li>
        <li>la collecte de coordonnées à d’autres fins que la transaction en cours.</li>
      </ul>
      <p>
        Les messages sont privés. Ils peuvent toutefois être examinés par l’équipe de modération lorsqu’ils font l’objet
        d’un signalement ou lorsque des indices d’abus sont détectés, et être communiqués aux autorités sur réquisition.
      </p>

      <h2>9. Occazio n’est pas partie à la vente</h2>
      <p>
        Occazio est un intermédiaire technique. La vente est conclue directement entre le vendeur et l’acheteur, qui
        négocient librement le prix et les conditions, réalisent le paiement et accomplissent les formalités (certificat
        de cession, déclaration de cession et changement de titulaire du certificat d’immatriculation). Occazio ne
        perçoit aucun paiement pour le compte des utilisateurs, n’émet aucune garantie sur les véhicules et ne propose
        pas de service de séquestre&nbsp;: tout message prétendant le contraire est une tentative d’escroquerie.
      </p>
      <p>
        Le vendeur reste tenu des garanties légales&nbsp;: garantie des vices cachés (articles 1641 et suivants du Code
        civil) pour tout vendeur, et garantie légale de conformité pour les vendeurs professionnels vendant à un
        consommateur. Le contrôle technique de moins de six mois est obligatoire pour la vente d’un véhicule de plus de
        quatre ans soumis à ce contrôle.
      </p>

      <h2>10. Responsabilités</h2>
      <p>
        Chaque utilisateur est seul responsable des contenus qu’il publie (annonces, photos, messages) et des
        transactions qu’il conclut. Il garantit Occazio contre toute réclamation de tiers liée à ses contenus.
      </p>
      <p>
        Occazio s’engage à mettre en œuvre les moyens raisonnables pour assurer l’accès au service et sa sécurité, sans
        pouvoir garantir une disponibilité permanente. En sa qualité d’hébergeur, Occazio n’est pas responsable des
        contenus publiés par les utilisateurs, sauf si, après en avoir eu connaissance, il n’a pas agi promptement pour
        retirer un contenu manifestement illicite. Occazio ne saurait être tenu responsable de la qualité, de la
        conformité ou de la situation administrative des véhicules, ni de l’exécution des ventes.
      </p>

      <h2>11. Licence sur les contenus</h2>
      <p>
        Le vendeur conserve ses droits sur ses annonces et ses photos. Il accorde à Occazio, pour la durée de
        publication et pour le monde entier, une licence gratuite et non exclusive de stockage, de reproduction,
        d’adaptation technique (redimensionnement, conversion de format, recadrage) et de représentation de ces contenus
        sur le site, aux seules fins du fonctionnement du service.
      </p>

      <h2>12. Signalement</h2>
      <p>
        Toute personne peut signaler une annonce, un message ou un utilisateur qu’elle estime illicite ou contraire aux
        présentes CGU, par la fonction de signalement lorsqu’elle est proposée ou par e-mail à <ContactLink />. Pour
        être traité efficacement, un signalement indique l’adresse exacte de l’annonce ou la conversation concernée, les
        raisons pour lesquelles le contenu est jugé illicite, ainsi que, sauf exception prévue par la loi, le nom et
        l’adresse e-mail de son auteur et une déclaration de bonne foi. Nous accusons réception du signalement et
        informons son auteur de la suite donnée. Un signalement abusif, présenté comme illicite dans le but d’obtenir un
        retrait en connaissant son inexactitude, est puni par l’article 6 de la LCEN.
      </p>

      <h2>13. Suspension et résiliation</h2>
      <p>
        Vous pouvez supprimer votre compte à tout moment depuis la page «&nbsp;Connexion et sécurité&nbsp;» de votre
        compte.
      </p>
      <p>
        En cas de manquement aux présentes CGU ou à la loi, Occazio peut, de façon proportionnée à la gravité des faits,
        refuser ou retirer une annonce, restreindre l’accès à la messagerie, suspendre temporairement ou supprimer
        définitivement un compte. Sauf urgence (escroquerie, contenu manifestement illicite, atteinte à la sécurité
        d’autres utilisateurs), l’utilisateur en est informé au préalable&nbsp;; dans tous les cas, la décision est
        motivée et peut être contestée en écrivant à <ContactLink />.
      </p>

      <h2>14. Données personnelles et cookies</h2>
      <p>
        Le traitement de vos données est décrit dans la <a href="/privacy">politique de confidentialité</a> et l’usage
        des cookies dans la <a href="/charte-cookies">charte cookies</a>.
      </p>

      <h2>15. Modification des CGU</h2>
      <p>
        Occazio peut faire évoluer les présentes CGU. Les utilisateurs inscrits sont informés de toute modification
        importante au moins quinze jours avant son entrée en vigueur&nbsp;; la poursuite de l’utilisation du service
        vaut acceptation. Vous pouvez, si vous refusez les nouvelles conditions, supprimer votre compte.
      </p>

      <h2>16. Droit applicable et litiges</h2>
      <p>
        Les présentes CGU sont soumises au droit français. En cas de différend, nous vous invitons à nous contacter
        d’abord à <ContactLink /> afin de rechercher une solution amiable. Si vous êtes consommateur, vous pouvez
        également recourir gratuitement à un médiateur de la consommation&nbsp;; les coordonnées du médiateur dont
        relèvera Occazio seront indiquées ici dès sa désignation. À défaut d’accord, le litige sera porté devant les
        juridictions françaises compétentes dans les conditions du droit commun&nbsp;; le consommateur peut notamment
        saisir la juridiction du lieu où il demeurait au moment de la conclusion du contrat.
      </p>
    </article>
  );
}

/* ------------------------------------------------------------------------------------- */

export function HelpCenter() {
  return (
    <article className="prose prose-slate max-w-none">
      <h1>Centre d’aide</h1>
      <LastUpdated />
      <p>
        Vous trouverez ci-dessous les réponses aux questions les plus fréquentes. Si votre question n’y figure pas,
        écrivez-nous à <ContactLink />.
      </p>

      <h2 id="contacter-un-vendeur">Contacter un vendeur</h2>
      <Question question="Comment contacter le vendeur d’une annonce&nbsp;?">
        <p>
          Ouvrez l’annonce et utilisez le bouton «&nbsp;Message&nbsp;» dans l’encadré du vendeur. Vous devez être
          connecté à votre compte&nbsp;; si ce n’est pas le cas, la fenêtre de connexion s’ouvre. Si le vendeur a choisi
          de rendre son numéro visible, le bouton «&nbsp;Téléphone&nbsp;» permet de l’appeler.
        </p>
      </Question>
      <Question question="Que demander au vendeur avant de me déplacer&nbsp;?">
        <ul>
          <li>la date du dernier contrôle technique et ses éventuelles défaillances&nbsp;;</li>
          <li>les factures d’entretien et le carnet d’entretien&nbsp;;</li>
          <li>le nombre de propriétaires précédents et l’historique du véhicule (rapport Histovec)&nbsp;;</li>
          <li>la présence d’accidents ou de réparations importantes&nbsp;;</li>
          <li>si le certificat d’immatriculation est bien à son nom.</li>
        </ul>
      </Question>
      <Question question="Le vendeur ne me répond pas. Que faire&nbsp;?">
        <p>
          Le vendeur reçoit une notification par e-mail à chaque nouveau message, mais il n’est pas tenu de répondre. Le
          véhicule peut aussi avoir été vendu entre-temps. Évitez de multiplier les relances et consultez d’autres
          annonces similaires.
        </p>
      </Question>
      <Question question="J’ai reçu un message suspect. Comment le signaler&nbsp;?">
        <p>
          Ne cliquez sur aucun lien, ne communiquez aucun code reçu par SMS et ne versez aucune somme. Signalez la
          conversation avec la fonction de signalement lorsqu’elle est proposée, ou écrivez à <ContactLink /> en
          indiquant l’annonce concernée et le pseudo de l’expéditeur.
        </p>
      </Question>

      <h2 id="publier-et-gerer">Publier et gérer mes annonces</h2>
      <Question question="Comment publier une annonce&nbsp;?">
        <p>
          Cliquez sur «&nbsp;Déposer une annonce&nbsp;» ou «&nbsp;Publier&nbsp;» (vous devez être connecté). Un
          assistant en huit étapes vous guide&nbsp;:
        </p>
        <ol>
          <li>la marque et le modèle&nbsp;;</li>
          <li>l’année et la date de première mise en circulation&nbsp;;</li>
          <li>
            le type de véhicule, l’énergie, la boîte de vitesses, les puissances fiscale et DIN, le kilométrage et le
            type de permis&nbsp;;
          </li>
          <li>le nombre de portes et de places, la couleur et l’état&nbsp;;</li>
          <li>la description&nbsp;;</li>
          <li>la localisation, à partir du code postal&nbsp;;</li>
          <li>les photos (de une à trois)&nbsp;;</li>
          <li>le prix, puis l’envoi avec «&nbsp;Publier l’annonce&nbsp;».</li>
        </ol>
        <p>
          Vous pouvez cliquer sur «&nbsp;Enregistrer et quitter&nbsp;» à tout moment&nbsp;: votre brouillon est conservé
          et vous reprendrez là où vous vous étiez arrêté.
        </p>
      </Question>
      <Question question="Pourquoi mon annonce n’est-elle pas visible tout de suite&nbsp;?">
        <p>
          Chaque annonce est vérifiée par notre équipe de modération avant sa mise en ligne, afin de limiter les fausses
          annonces et les arnaques. Pendant ce temps, elle figure dans l’onglet «&nbsp;En cours de validation&nbsp;» de{" "}
          <a href="/hosting">Mes annonces</a>.
        </p>
      </Question>
      <Question question="Comment saurai-je que mon annonce est en ligne&nbsp;?">
        <p>
          Vous recevez un e-mail dès que votre annonce est validée et publiée. Elle passe alors dans l’onglet
          «&nbsp;Annonce publiée&nbsp;» de <a href="/hosting">Mes annonces</a>.
        </p>
      </Question>
      <Question question="Mon annonce a été refusée. Pourquoi&nbsp;?">
        <p>
          Le motif du refus vous est communiqué. Les causes les plus fréquentes sont des photos qui ne montrent pas le
          véhicule réel, une description incomplète ou trompeuse, un prix manifestement irréaliste ou une annonce en
          double. Corrigez votre annonce et soumettez-la à nouveau&nbsp;; si vous pensez que le refus est une erreur,
          écrivez-nous à <ContactLink />.
        </p>
      </Question>
      <Question question="Quelles photos puis-je ajouter&nbsp;?">
        <p>
          Vous pouvez ajouter jusqu’à trois photos au format JPEG, PNG ou WebP. Elles doivent montrer le véhicule
          proposé, et non une image de catalogue. Privilégiez la lumière du jour, une vue de trois quarts avant,
          l’intérieur et le compteur. Les métadonnées des photos, dont la position GPS, sont supprimées automatiquement
          lors de l’envoi. Si l’envoi d’une photo échoue, un message vous l’indique et vous pouvez réessayer.
        </p>
      </Question>
      <Question question="Comment modifier mon annonce&nbsp;?">
        <p>
          Dans <a href="/hosting">Mes annonces</a>, cliquez sur «&nbsp;Modifier&nbsp;» sous l’annonce concernée, puis
          sur «&nbsp;Enregistrer les modifications&nbsp;». Une modification importante peut entraîner une nouvelle
          vérification par l’équipe de modération.
        </p>
      </Question>
      <Question question="Comment supprimer mon annonce&nbsp;?">
        <p>
          Dans <a href="/hosting">Mes annonces</a>, ouvrez l’annonce et choisissez de la supprimer. Elle disparaît
          immédiatement des résultats de recherche et apparaît dans l’onglet «&nbsp;Annonce supprimée&nbsp;».
        </p>
      </Question>
      <Question question="J’ai vendu mon véhicule. Que dois-je faire&nbsp;?">
        <p>
          Marquez l’annonce comme vendue depuis <a href="/hosting">Mes annonces</a>&nbsp;: elle est retirée des
          résultats et les acheteurs ne vous contactent plus. N’oubliez pas de remettre à l’acheteur le certificat
          d’immatriculation barré, signé et daté avec la mention «&nbsp;Vendu le…&nbsp;», le certificat de cession et le
          procès-verbal du contrôle technique, puis de déclarer la cession sur le site de l’ANTS dans les quinze jours.
        </p>
      </Question>

      <h2 id="gerer-mon-compte">Gérer mon compte</h2>
      <Question question="Comment modifier mon profil&nbsp;?">
        <p>
          Rendez-vous dans <a href="/account-settings">Compte</a> ›{" "}
          <a href="/personal-info">Informations personnelles</a>. Votre pseudo est visible des autres
          utilisateurs&nbsp;; vos nom et prénom ne sont visibles que par vous.
        </p>
      </Question>
      <Question question="Comment changer mon mot de passe&nbsp;?">
        <p>
          Dans Compte › Connexion et sécurité, saisissez votre mot de passe actuel puis le nouveau. Si vous l’avez
          oublié, utilisez «&nbsp;Mot de passe oublié&nbsp;» dans la fenêtre de connexion&nbsp;: vous recevrez un lien
          de réinitialisation par e-mail, valable pour une durée limitée. Par sécurité, vos autres sessions sont alors
          déconnectées.
        </p>
      </Question>
      <Question question="Je me connecte avec Google. Ai-je un mot de passe&nbsp;?">
        <p>
          Non&nbsp;: votre connexion passe par votre fournisseur d’identité, qui gère votre mot de passe. Vous pouvez
          continuer à vous connecter avec le bouton correspondant dans la fenêtre de connexion.
        </p>
      </Question>
      <Question question="Comment gérer mes notifications&nbsp;?">
        <p>
          Dans Compte › Notifications, choisissez les e-mails que vous souhaitez recevoir (par exemple les nouveaux
          messages). Les e-mails indispensables au service, comme la validation de vos annonces ou la réinitialisation
          du mot de passe, sont toujours envoyés.
        </p>
      </Question>
      <Question question="Comment supprimer mon compte&nbsp;?">
        <p>
          Dans Compte › Connexion et sécurité, choisissez «&nbsp;Supprimer mon compte&nbsp;» et confirmez. Vos annonces
          sont retirées du site, vos favoris et vos photos sont supprimés. Cette action est définitive. Certaines
          données sont conservées pendant une durée limitée pour respecter nos obligations légales&nbsp;: voir la{" "}
          <a href="/privacy">politique de confidentialité</a>.
        </p>
      </Question>

      <h2 id="conseils-de-securite">Conseils de sécurité</h2>
      <p>
        La grande majorité des transactions se passe bien. Quelques réflexes simples vous protègent contre les arnaques
        les plus courantes.
      </p>
      <Question question="Faut-il verser un acompte pour réserver un véhicule&nbsp;?">
        <p>
          <strong>Ne versez jamais d’acompte avant d’avoir vu le véhicule</strong> et rencontré le vendeur. Un vendeur
          «&nbsp;à l’étranger&nbsp;» qui propose de faire livrer la voiture après paiement, ou un prix très inférieur à
          la cote, sont des signaux d’arnaque classiques.
        </p>
      </Question>
      <Question question="Quels moyens de paiement éviter&nbsp;?">
        <p>
          Méfiez-vous de toute demande de paiement par <strong>mandat cash</strong>, transfert d’argent international,
          coupons prépayés (PCS, Transcash…), cartes cadeaux ou cryptomonnaies&nbsp;: ces paiements sont intraçables et
          irrécupérables. Pour un montant important, privilégiez le virement instantané réalisé en présence des deux
          parties, ou le chèque de banque dont vous vérifiez l’authenticité en appelant la banque émettrice à un numéro
          que vous avez trouvé vous-même, et non celui inscrit sur le chèque. Occazio ne propose aucun service de
          paiement ni de séquestre&nbsp;: un e-mail prétendant le contraire est frauduleux.
        </p>
      </Question>
      <Question question="Comment vérifier la carte grise&nbsp;?">
        <p>
          Le certificat d’immatriculation (carte grise) doit être au nom du vendeur, dont vous vérifiez la pièce
          d’identité. Le numéro d’identification du véhicule (VIN, rubrique E) doit correspondre à celui gravé sur le
          châssis et visible en bas du pare-brise. Méfiez-vous d’un vendeur qui ne peut présenter que des photocopies.
        </p>
      </Question>
      <Question question="Que vérifier au sujet du contrôle technique&nbsp;?">
        <p>
          Pour un véhicule de plus de quatre ans, le vendeur doit remettre un procès-verbal de contrôle technique de
          moins de six mois. Si une contre-visite a été prescrite, demandez aussi le procès-verbal de contre-visite.
          Lisez la liste des défaillances constatées et comparez le kilométrage relevé avec celui du compteur.
        </p>
      </Question>
      <Question question="Qu’est-ce que le rapport Histovec&nbsp;?">
        <p>
          Histovec est le service officiel et gratuit du ministère de l’Intérieur qui retrace l’historique administratif
          d’un véhicule&nbsp;: date de mise en circulation, nombre de titulaires, sinistres déclarés, situation
          administrative (gage, opposition, vol). Demandez au vendeur de vous transmettre son rapport sur{" "}
          <a href="https://histovec.interieur.gouv.fr">histovec.interieur.gouv.fr</a> et vérifiez qu’il correspond au
          véhicule présenté.
        </p>
      </Question>
      <Question question="Comment organiser le rendez-vous et l’essai&nbsp;?">
        <ul>
          <li>retrouvez le vendeur dans un lieu public, fréquenté et en journée&nbsp;;</li>
          <li>venez accompagné si possible&nbsp;;</li>
          <li>examinez le véhicule à froid et faites un essai sur route, permis en poche&nbsp;;</li>
          <li>ne laissez jamais vos clés, vos papiers ou votre véhicule à un inconnu&nbsp;;</li>
          <li>ne payez qu’une fois tous les documents vérifiés et le certificat de cession rempli.</li>
        </ul>
      </Question>
      <Question question="Je pense être victime d’une arnaque. Que faire&nbsp;?">
        <p>
          Cessez tout échange et tout paiement, conservez les messages et les preuves de paiement, et signalez-nous
          immédiatement l’annonce à <ContactLink />. Prévenez votre banque sans attendre. Vous pouvez contacter Info
          Escroqueries au 0 805 805 817 (appel gratuit) et porter plainte auprès de la police ou de la gendarmerie, ou
          en ligne pour certaines escroqueries sur internet.
        </p>
      </Question>
    </article>
  );
}

/* ------------------------------------------------------------------------------------- */

export interface LegalPage {
  path: string;
  /** Full document title, for `<title>`. */
  title: string;
  /** One sentence for `<meta name="description">`. */
  description: string;
  Component: ComponentType;
}

export const LEGAL_PAGES: LegalPage[] = [
  {
    path: "/mentions-legales",
    title: "Mentions légales",
    description:
      "Éditeur, hébergement, propriété intellectuelle et attributions des données ouvertes utilisées par Occazio.",
    Component: LegalNotices,
  },
  {
    path: "/charte-cookies",
    title: "Charte cookies",
    description:
      "Occazio n’utilise que des cookies strictement nécessaires, sans publicité ni mesure d’audience\u00a0: découvrez lesquels et comment les gérer.",
    Component: CookieCharter,
  },
  {
    path: "/privacy",
    title: "Politique de confidentialité",
    description:
      "Quelles données personnelles Occazio collecte, pourquoi, combien de temps elles sont conservées et comment exercer vos droits.",
    Component: PrivacyPolicy,
  },
  {
    path: "/terms",
    title: "Conditions générales d’utilisation",
    description:
      "Les règles d’inscription, de publication et de modération des annonces, de messagerie et de responsabilité sur Occazio.",
    Component: TermsOfUse,
  },
  {
    path: "/help",
    title: "Centre d’aide",
    description:
      "Réponses aux questions fréquentes pour contacter un vendeur, publier une annonce, gérer votre compte et acheter en sécurité.",
    Component: HelpCenter,
  },
];
