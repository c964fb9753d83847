import { useState, useSyncExternalStore } from 'react'
import { publicConfig } from '../../../config/public-config.ts'
import { site } from '../../../content/site.ts'

const noSubscription = () => () => undefined

/**
 * False in the prerendered page and while hydrating, true after: the player's
 * iframe (a whole page from another host) is added once the hero has painted,
 * so it never delays the first view. Its box is there from the start.
 */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

export function VideoSection() {
  // The video shows from the start, so its start button begins hidden.
  const [showVideo, setShowVideo] = useState(true)
  const hydrated = useHydrated()

  return (
    <section aria-label={site.video.sectionLabel} className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-ink-soft shadow-2xl ring-1 ring-white/10">
        {/* Without JavaScript the browser reads the noscript copy, so those visitors get the video too. */}
        {showVideo &&
          (hydrated ? (
            <VideoFrame />
          ) : (
            <noscript>
              <VideoFrame />
            </noscript>
          ))}
        <button
          type="button"
          hidden={showVideo}
          onClick={() => setShowVideo(true)}
          className="absolute inset-0 m-auto h-fit w-fit rounded-full bg-gold px-6 py-3 font-bold text-ink"
        >
          {site.video.startLabel}
        </button>
      </div>
    </section>
  )
}

function VideoFrame() {
  return (
    <iframe
      className="absolute inset-0 size-full"
      src={publicConfig.videoUrl}
      title={site.video.title}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
      allowFullScreen
    />
  )
}
