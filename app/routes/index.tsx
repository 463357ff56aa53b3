import { redirect } from "react-router";

/** Spec §2: "/" redirects to /home. */
export function loader() {
  return redirect("/home");
}
