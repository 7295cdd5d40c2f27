import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
