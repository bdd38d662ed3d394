import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './app/query-client';
import { createConsoleRouter } from './app/router';
import { sessionQuery } from './shared/session/session';
import { sessionHooks } from './shared/api/client';
import { setNonce } from 'get-nonce';
import { cssVariablesResolver, theme } from './app/theme';

/** The nonce the server put in the page: the style elements Mantine adds carry it (docs/console.md#security). */
const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;

// Mantine's modals lock the page's scroll with a style element of react-remove-scroll, which takes
// its nonce from get-nonce: without it the policy refuses that style.
if (nonce) setNonce(nonce);

const queryClient = createQueryClient();
const router = createConsoleRouter(queryClient);

// A session that ends while the console is open (idle limit, signed out elsewhere): back to
// sign-in, which returns to this page.
sessionHooks.onUnauthorized = () => {
  if (router.state.location.pathname === '/sign-in') return;
  // Leave the signed-in frame first: its components need the session until they are gone.
  void router
    .navigate({ to: '/sign-in', search: { returnTo: router.state.location.href, expired: true } })
    .then(() => queryClient.setQueryData(sessionQuery.queryKey, null));
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={() => nonce ?? ''}>
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
