import { expect, test } from "@playwright/test";
import {
  DEMO_PASSWORD,
  verificationLink,
  expectSignedIn,
  expectSignedOut,
  logInThroughUi,
  logOutThroughMenu,
  openAuthDialog,
  signUpThroughUi,
  uniqueEmail,
  waitForEmail,
} from "./fixtures";

for (const width of [375, 1280]) {
  test.describe(`accounts at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("sign up, log out, log in; the menu and tab bar follow", async ({ page }) => {
      await page.goto("/home");
      await expectSignedOut(page);
      if (width < 768) {
        const tabs = page.getByRole("navigation", { name: "Navigation principale" });
        await expect(tabs.getByRole("link")).toHaveText(["Accueil", "Explorer"]);
        await expect(tabs.getByRole("button", { name: "Connexion" })).toBeVisible();
      }
      await page.getByRole("button", { name: /Menu : connexion ou inscription/ }).click();
      await expect(page.getByRole("menuitem")).toHaveText(["Connexion", "Inscription"]);
      await page.keyboard.press("Escape");

      const { email, password } = await signUpThroughUi(page);
      await expectSignedIn(page);
      if (width < 768) {
        const tabs = page.getByRole("navigation", { name: "Navigation principale" });
        await expect(tabs.getByRole("link")).toHaveText(["Accueil", "Explorer", "Publier", "Favoris", "Profil"]);
      }
      await page.getByRole("button", { name: /Menu du compte d/ }).click();
      await expect(page.getByRole("menuitem")).toHaveText(["Mes annonces", "Messages", "Mes favoris", "Mes recherches", "Vus récemment", "Compte", "Je suis un professionnel", "Se déconnecter"]);
      await page.keyboard.press("Escape");

      await logOutThroughMenu(page);
      const dialog = await logInThroughUi(page, email, password);
      await expect(dialog).toBeHidden();
      await expectSignedIn(page);
    });

    test("no browser bubble: sign-up shows every error at once beside its field, sign-in says what is wrong, in French", async ({ page }) => {
      await page.goto("/home");
      const dialog = await openAuthDialog(page, "signup");
      await expect(dialog.locator("form")).toHaveAttribute("novalidate", "");
      const alert = dialog.getByRole("alert");
      const name = dialog.getByLabel("Prénom ou pseudo");
      const address = dialog.getByLabel("Adresse e-mail");
      const password = dialog.getByLabel("Mot de passe", { exact: true });
      await dialog.getByRole("button", { name: "Créer mon compte" }).click();
      await expect(alert).toHaveText("Erreur : 3 champs sont à corriger.");
      await expect(name).toHaveAccessibleDescription(/Erreur : Indiquez un prénom ou un pseudo/);
      await expect(address).toHaveAccessibleDescription("Erreur : saisissez votre adresse e-mail.");
      await expect(password).toHaveAccessibleDescription("Erreur : saisissez votre mot de passe.");
      // An address as a name, a bad address, a short password: three messages, one submit.
      await name.fill("marie@exemple.fr");
      await address.fill("marie.exemple.fr");
      await password.fill("court1");
      await dialog.getByLabel("Confirmer le mot de passe").fill("court1");
      await dialog.getByRole("button", { name: "Créer mon compte" }).click();
      await expect(name).toHaveAccessibleDescription(/Erreur : N'indiquez pas d'adresse e-mail comme nom/);
      await expect(address).toHaveAccessibleDescription("Erreur : adresse e-mail invalide.");
      await expect(password).toHaveAccessibleDescription("Erreur : Le mot de passe doit contenir au moins 8 caractères.");
      await name.fill("<b>Marie</b>");
      await address.fill(uniqueEmail());
      await password.fill("motdepasse-1");
      await dialog.getByLabel("Confirmer le mot de passe").fill("motdepasse-1");
      await dialog.getByRole("button", { name: "Créer mon compte" }).click();
      await expect(alert).toHaveText("Erreur : un champ est à corriger.");
      await expect(name).toHaveAccessibleDescription(/Erreur : Votre prénom ou pseudo ne peut contenir que des lettres/);
      await dialog.getByRole("button", { name: "Connexion" }).click();
      await dialog.getByLabel("Adresse e-mail").fill("vendeur@occazio.local");
      await dialog.getByLabel("Mot de passe", { exact: true }).fill("");
      await dialog.getByRole("button", { name: "Se connecter" }).click();
      await expect(alert).toHaveText("Erreur : saisissez votre mot de passe.");
    });

    test("the display name, never the random username, names the account; the menu fits the screen", async ({ page }) => {
      // Sign-up, e-mail confirmation and five pages: password hashing alone takes seconds on a busy machine.
      test.setTimeout(60_000);
      const email = `prenom.compose.nom-de-famille.${uniqueEmail("long")}`.replace("@exemple.fr", "@un-domaine-assez-long.fr");
      await signUpThroughUi(page, email, "motdepasse-1", { displayName: "zoé" });
      await page.goto("/personal-info");
      const username = await page.getByLabel("Nom d'utilisateur").inputValue();
      expect(username).not.toBe("");
      await expect(page.getByLabel("Prénom ou pseudo")).toHaveValue("zoé");

      const menuButton = page.getByRole("button", { name: /Menu du compte d/ });
      await expect(menuButton).toHaveAccessibleName("Menu du compte de zoé");
      const avatar = menuButton.getByTestId("user-avatar");
      await expect(avatar).toHaveText("Z");

      await menuButton.click();
      const menu = page.getByRole("menu");
      const label = menu.getByText(`Connecté : ${email}`);
      await expect(label).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // The whole address is there, wrapped rather than cut at the edge.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.keyboard.press("Escape");

      await page.goto("/account-settings");
      const main = page.locator("main");
      await expect(main.getByText("zoé", { exact: true }).filter({ visible: true })).toHaveCount(1);
      await expect(main.getByText(username)).toHaveCount(0);

      // A new display name: its initial in the header, the name on the account page.
      await page.goto("/personal-info");
      await page.getByLabel("Prénom ou pseudo").fill("Élodie");
      await page.getByRole("button", { name: "Enregistrer et continuer" }).first().click();
      await expect(page.getByText("Votre profil public a été enregistré.")).toBeVisible();
      await expect(menuButton).toHaveAccessibleName("Menu du compte d'Élodie");
      await expect(avatar).toHaveText("É");
      await page.goto("/account-settings");
      await expect(main.getByText("Élodie", { exact: true }).filter({ visible: true })).toHaveCount(1);

      // The password form answers in French too (it had required/minlength bubbles).
      await page.goto("/account");
      await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
      await expect(page.getByRole("alert")).toHaveText("Erreur : saisissez votre mot de passe actuel.");
      for (const path of ["/account", "/personal-info", "/account/notifications", "/publish", "/recherche"]) {
        await page.goto(path);
        await expect(page.locator("form").first()).toBeAttached();
        await expect(page.locator("form:not([novalidate])")).toHaveCount(0);
      }
    });
  });
}

test.describe("login and sign-up errors", () => {
  test("wrong password and mismatched confirmation show the French messages", async ({ page }) => {
    await page.goto("/home");
    const login = await logInThroughUi(page, "vendeur@occazio.local", "mauvais-mot-de-passe-1");
    await expect(login.getByRole("alert")).toHaveText("Erreur : adresse e-mail ou mot de passe incorrect.");
    await login.getByRole("button", { name: "Inscription" }).click();
    await login.getByLabel("Prénom ou pseudo").fill("Camille");
    await login.getByLabel("Adresse e-mail").fill(uniqueEmail());
    await login.getByLabel("Mot de passe", { exact: true }).fill("motdepasse-1");
    await login.getByLabel("Confirmer le mot de passe").fill("motdepasse-2");
    await login.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(login.getByRole("alert")).toHaveText("Erreur : un champ est à corriger.");
    await expect(login.getByLabel("Confirmer le mot de passe")).toHaveAccessibleDescription("Les mots de passe ne correspondent pas.");
    await login.getByLabel("Confirmer le mot de passe").fill("motdepasse-1");
    await login.getByLabel("Adresse e-mail").fill("vendeur@occazio.local");
    await login.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(login.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(
      "Erreur : un compte existe déjà avec cette adresse e-mail.",
    );
  });

  test("the popup is an accessible dialog: focus inside, Escape closes", async ({ page }) => {
    await page.goto("/home");
    const dialog = await openAuthDialog(page, "login");
    await expect(dialog.getByLabel("Adresse e-mail")).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("demo accounts can log in", async ({ page }) => {
    await page.goto("/home");
    await logInThroughUi(page, "vendeur@occazio.local", DEMO_PASSWORD);
    await expectSignedIn(page);
  });
});

test.describe("identity provider popup", () => {
  test("first login creates the profile from the provider; the second reuses the account", async ({ page }) => {
    const login = `idp${Date.now()}`;
    await page.goto("/home");
    for (const round of [1, 2]) {
      const dialog = await openAuthDialog(page, "login");
      const popupPromise = page.waitForEvent("popup");
      await dialog.getByRole("button", { name: "Continuer avec Google" }).click();
      const popup = await popupPromise;
      const closed = popup.waitForEvent("close");
      if (round === 1) {
        // The provider's own login and consent pages (oidc-provider's development screens).
        await popup.locator('input[name="login"]').fill(login);
        await popup.locator('input[name="password"]').fill("peu-importe");
        await popup.getByRole("button", { name: /sign-?in/i }).click();
        await popup.getByRole("button", { name: /continue/i }).click();
      }
      // Second round: the provider remembers the user and answers at once, like Google does.
      await closed;
      await expect(dialog).toBeHidden();
      await expectSignedIn(page);

      await page.goto("/personal-info");
      await expect(page.getByLabel("Prénom", { exact: true })).toHaveValue("Élodie");
      await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Fournier");
      await expect(page.getByText(`${login}@idp.example`)).toBeVisible();
      await expect(page.getByTestId("masked-phone")).toHaveText("+33 *** ** ** 44");
      const username = await page.getByLabel("Nom d'utilisateur").inputValue();
      expect(username).toMatch(/^[A-Za-z0-9]{10}$/);
      if (round === 1) {
        test.info().annotations.push({ type: "username", description: username });
        await page.goto("/home");
        await logOutThroughMenu(page);
      } else {
        expect(username).toBe(test.info().annotations.find((a) => a.type === "username")?.description);
      }
    }
  });
});

test.describe("account pages", () => {
  test("signed-out visitors are sent to / from the account pages", async ({ page }) => {
    for (const path of ["/personal-info", "/account-settings", "/account", "/account/notifications"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
  });

  test("profile edits persist after reload, and a taken username is refused", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/personal-info");
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toHaveText(/Compte\s*›\s*Informations personnelles/);
    await expect(page.getByTestId("masked-phone")).toHaveText("Non précisé");
    const username = `pseudo_${Date.now()}`;
    await page.getByLabel("Nom d'utilisateur").fill(username);
    await page.getByRole("button", { name: "Enregistrer et continuer" }).first().click();
    await expect(page.getByText("Votre profil public a été enregistré.")).toBeVisible();
    await page.getByLabel("Prénom", { exact: true }).fill("Anne-Sophie");
    await page.getByLabel("Nom", { exact: true }).fill("Le Gall");
    await page.getByText("Ajouter un numéro").click();
    await page.getByLabel("Numéro de téléphone").fill("06 98 76 54 32");
    await page.getByRole("button", { name: "Enregistrer et continuer" }).nth(1).click();
    await expect(page.getByText("Vos informations privées ont été enregistrées.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Nom d'utilisateur")).toHaveValue(username);
    await expect(page.getByLabel("Prénom", { exact: true })).toHaveValue("Anne-Sophie");
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Le Gall");
    await expect(page.getByTestId("masked-phone")).toHaveText("+33 *** ** ** 32");

    await page.getByLabel("Nom d'utilisateur").fill("a");
    await page.getByRole("button", { name: "Enregistrer et continuer" }).first().click();
    await expect(page.getByText("Le nom d'utilisateur doit contenir au moins 3 caractères.")).toBeVisible();
  });

  test("account settings: seller mode, entries, logout", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/account-settings");
    await expect(page.getByRole("heading", { name: "Compte", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Passer en mode vendeur" })).toHaveAttribute("href", "/hosting");
    await page.getByRole("link", { name: /Connexion et sécurité/ }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto("/account-settings");
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expectSignedOut(page);
  });

  test("notification preferences are saved", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/account/notifications");
    const messages = page.getByRole("checkbox", { name: /Messages/ });
    await expect(messages).toBeChecked();
    await messages.uncheck();
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Vos préférences de notification ont été enregistrées.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Messages/ })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Mes annonces/ })).toBeChecked();
  });
});

test.describe("passwords", () => {
  test("changing the password signs out the other sessions", async ({ page, browser }) => {
    // Four password hashes (sign-up, sign-in, change, sign-in again): seconds each on a busy machine.
    test.setTimeout(60_000);
    const { email, password } = await signUpThroughUi(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto("/home");
    await logInThroughUi(otherPage, email, password);
    await expectSignedIn(otherPage);

    await page.goto("/account");
    await expect(page.getByText("Appareils connectés")).toBeVisible();
    await page.getByLabel("Mot de passe actuel").fill(password);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-secret-2");
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-secret-2");
    await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
    await expect(page.getByText("Mot de passe modifié. Vos autres appareils ont été déconnectés.")).toBeVisible();

    await otherPage.reload();
    await expectSignedOut(otherPage);
    await logInThroughUi(otherPage, email, password);
    await expect(otherPage.getByRole("alert")).toHaveText("Erreur : adresse e-mail ou mot de passe incorrect.");
    await otherPage.getByLabel("Mot de passe", { exact: true }).fill("nouveau-secret-2");
    await otherPage.getByRole("button", { name: "Se connecter" }).click();
    await expectSignedIn(otherPage);
    await other.close();
  });

  test("forgotten password: the e-mail's link sets a new password once", async ({ page }) => {
    const { email } = await signUpThroughUi(page);
    await logOutThroughMenu(page);
    const dialog = await openAuthDialog(page, "login");
    await dialog.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    await dialog.getByLabel("Adresse e-mail").fill(email);
    await dialog.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(dialog.getByRole("status")).toContainText("Si un compte existe pour cette adresse");

    const mail = await waitForEmail(email, /Réinitialisation de votre mot de passe/);
    expect(mail.text).toContain("Bonjour");
    const link = /(http:\/\/\S+reset-password\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page).toHaveURL(/\/reinitialiser-mot-de-passe\?token=/);
    await page.getByLabel("Nouveau mot de passe").fill("reinitialise-3");
    await page.getByLabel("Confirmer le mot de passe").fill("reinitialise-3");
    await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
    await expect(page.getByRole("status")).toContainText("Votre mot de passe a été modifié.");

    await page.goto("/home");
    await logInThroughUi(page, email, "reinitialise-3");
    await expectSignedIn(page);

    // The link works once.
    await page.goto(link!);
    await expect(page.getByRole("alert")).toContainText("ce lien n'est plus valide");
  });

  test("an unknown address gets the same answer and no e-mail", async ({ page }) => {
    const email = uniqueEmail("inconnu");
    await page.goto("/home");
    const dialog = await openAuthDialog(page, "login");
    await dialog.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    await dialog.getByLabel("Adresse e-mail").fill(email);
    await dialog.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(dialog.getByRole("status")).toContainText("Si un compte existe pour cette adresse");
  });
});

test.describe("identity provider errors", () => {
  test("an account is never merged by e-mail: the provider's e-mail already used by a password account is refused", async ({ page }) => {
    const login = `collision${Date.now()}`;
    // A password account already owns the address the provider will return.
    await signUpThroughUi(page, `${login}@idp.example`, "motdepasse-1");
    await logOutThroughMenu(page);
    const dialog = await openAuthDialog(page, "login");
    const popupPromise = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Continuer avec Google" }).click();
    const popup = await popupPromise;
    const closed = popup.waitForEvent("close");
    await popup.locator('input[name="login"]').fill(login);
    await popup.locator('input[name="password"]').fill("peu-importe");
    await popup.getByRole("button", { name: /sign-?in/i }).click();
    await popup.getByRole("button", { name: /continue/i }).click();
    await closed;
    await expect(dialog.getByRole("alert")).toHaveText(
      "Erreur avec Google : un compte existe déjà avec cette adresse e-mail : connectez-vous avec votre mot de passe.",
    );
    await page.keyboard.press("Escape");
    await expectSignedOut(page);
  });
});

test.describe("e-mail verification", () => {
  test("an unconfirmed account browses but is asked to confirm before publishing; the e-mail's link unlocks it", async ({ page }) => {
    const { email } = await signUpThroughUi(page, uniqueEmail("nonverifie"), "motdepasse-1", { verify: false });
    await page.goto("/publish");
    const notice = page.getByRole("region", { name: "Adresse e-mail à confirmer" });
    await expect(notice).toContainText("Confirmez votre adresse e-mail pour publier une annonce");
    await expect(notice).toContainText(email);
    await notice.getByRole("button", { name: "Renvoyer l'e-mail" }).click();
    await expect(notice.getByRole("status")).toHaveText("E-mail envoyé : pensez à regarder dans vos courriers indésirables.");
    await page.goto(await verificationLink(email));
    await page.goto("/publish");
    await expect(page.getByText("Étape 1 sur 8")).toBeVisible();
    await expect(page.getByRole("region", { name: "Adresse e-mail à confirmer" })).toHaveCount(0);
  });
});
