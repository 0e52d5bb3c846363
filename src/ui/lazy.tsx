// Pages loaded on first use (a separate chunk): the popup's first render carries only what it shows.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorAlert, StatusLine } from './components/Notice';
import { t } from './i18n';
import { messageOf } from './wallet';

export interface LazyComponent<P> {
  (props: P): preact.JSX.Element;
  /** Starts loading now (e.g. when the browser is idle after the first render). */
  preload(): void;
}

export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (pending ??= load().then(
      (c) => (loaded = c),
      (err: unknown) => {
        pending = null; // the next use tries again
        throw err;
      },
    ));
  function Lazy(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | null>(() => loaded);
    const [error, setError] = useState<string | null>(null);
    useEffect(() => {
      if (!Page)
        get().then(
          (c) => setPage(() => c),
          (err: unknown) => setError(messageOf(err)),
        );
    }, []);
    if (error) return <ErrorAlert message={t('lazy_failed', error)} />;
    if (!Page) return <StatusLine>{t('common_loading')}</StatusLine>;
    return <Page {...props} />;
  }
  Lazy.preload = () => void get().catch(() => undefined);
  return Lazy;
}
