import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAdminQueryClient } from './api/query-client.ts'
import { AdminApp } from './admin-app.tsx'
import './admin.css'

const container = document.getElementById('root')
if (!container) throw new Error('The inbox has no #root element to render into.')

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createAdminQueryClient()}>
      <AdminApp />
    </QueryClientProvider>
  </StrictMode>,
)
