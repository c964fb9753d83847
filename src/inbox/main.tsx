import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createInboxQueryClient } from './api/query-client.ts'
import { InboxApp } from './app/inbox-app.tsx'
import './inbox.css'

const container = document.getElementById('root')
if (!container) throw new Error('The inbox has no #root element to render into.')

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createInboxQueryClient()}>
      <InboxApp />
    </QueryClientProvider>
  </StrictMode>,
)
