import type { ComponentPropsWithRef } from "react";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-200",
  secondary: "bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  accent: "bg-accent-500 text-white hover:bg-accent-600 disabled:opacity-60",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:opacity-60",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

/** Variant classes for links styled as buttons. */
export function buttonClasses(variant: keyof typeof VARIANTS = "primary", extra = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ComponentPropsWithRef<"button"> & { variant?: keyof typeof VARIANTS }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
