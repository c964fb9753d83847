import type { FunnelStage } from '../../../common/funnel-api.ts'
import { funnelStageLabel } from '../../../common/funnel.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import type { Column } from '../ui/data-table.tsx'
import { formatCount, formatShare } from './figures.ts'
import { NoFigure } from './no-figure.tsx'
import { ScrollTable } from './scroll-table.tsx'

const copy = inboxCopy.funnel

const columns: readonly Column<FunnelStage>[] = [
  { header: copy.stage, rowHeader: true, className: 'font-semibold', cell: (stage) => funnelStageLabel(stage.id) },
  { header: copy.visitors, align: 'end', cell: (stage) => formatCount(stage.visitors) },
  {
    header: copy.dropOff,
    align: 'end',
    cell: (stage) => (stage.dropOff === null ? <NoFigure /> : formatCount(stage.dropOff)),
  },
  {
    header: copy.dropOffRate,
    align: 'end',
    cell: (stage) => (stage.dropOffRate === null ? <NoFigure /> : formatShare(stage.dropOffRate)),
  },
]

export function StagesTable({ stages, caption }: { stages: FunnelStage[]; caption: string }) {
  return <ScrollTable caption={caption} columns={columns} rows={stages} rowKey={(stage) => stage.id} />
}
