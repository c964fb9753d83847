import type { FunnelStage } from '../../../common/admin-api.ts'
import { funnelStageLabel } from '../../../common/funnel.ts'
import { adminCopy } from '../content/admin-copy.ts'
import { formatCount, formatShare } from './figures.ts'
import { NoFigure } from './no-figure.tsx'
import { bodyCell, headCell, numberCell, numberHead, ScrollTable } from './scroll-table.tsx'

const copy = adminCopy.funnel

export function StagesTable({ stages, caption }: { stages: FunnelStage[]; caption: string }) {
  return (
    <ScrollTable caption={caption}>
      <thead className="border-b border-ink/15 bg-ink/5">
        <tr>
          <th scope="col" className={headCell}>
            {copy.stage}
          </th>
          <th scope="col" className={numberHead}>
            {copy.visitors}
          </th>
          <th scope="col" className={numberHead}>
            {copy.dropOff}
          </th>
          <th scope="col" className={numberHead}>
            {copy.dropOffRate}
          </th>
        </tr>
      </thead>
      <tbody>
        {stages.map((stage) => (
          <tr key={stage.id} className="border-b border-ink/10 last:border-0">
            <th scope="row" className={`${bodyCell} font-semibold`}>
              {funnelStageLabel(stage.id)}
            </th>
            <td className={numberCell}>{formatCount(stage.visitors)}</td>
            <td className={numberCell}>{stage.dropOff === null ? <NoFigure /> : formatCount(stage.dropOff)}</td>
            <td className={numberCell}>{stage.dropOffRate === null ? <NoFigure /> : formatShare(stage.dropOffRate)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
