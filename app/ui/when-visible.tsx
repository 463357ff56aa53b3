import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `placeholder` (server-rendered, same size as the content, so nothing shifts) until it
 * comes near the viewport, then `children()`. For heavy browser-only widgets below the fold,
 * such as the listing page's map: its code is fetched and mounted only if the visitor scrolls
 * to it (decision 0021), never during the page's first load.
 */
export function WhenVisible({
  children,
  placeholder,
  rootMargin = "200px",
}: {
  children: () => ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);
  return visible ? <>{children()}</> : <div ref={ref}>{placeholder}</div>;
}
