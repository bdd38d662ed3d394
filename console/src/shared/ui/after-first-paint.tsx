import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the page has painted what it rendered with them (an animation frame, then
 * a task after it), and `placeholder` until then; `children` may be lazy components, whose code is
 * then asked for after that paint. For parts of a page that its first view can show without (the
 * job page's drop zones), so that their code is not part of the page's first load (measured by
 * `npm run bench`: docs/performance.md#the-web-console).
 */
export function AfterFirstPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
