import { Outlet } from 'react-router'
import { Toaster } from 'sonner'

/** Toast settings are sonner's defaults, spelled out because the spec names them. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />
    </>
  )
}
