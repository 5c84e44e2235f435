import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { staffKeys } from '@/api/keys';
import { StaffCallError } from '@/api/staffCall';
import { App } from './App';
import './ui/staff.css';

const client: QueryClient = new QueryClient({
  // A session that ended on the server (expired, signed out elsewhere) shows the sign-in at once.
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof StaffCallError && error.errorCode === 'staff_not_signed_in') {
        client.setQueryData(staffKeys.me(), null);
      }
    },
  }),
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}
