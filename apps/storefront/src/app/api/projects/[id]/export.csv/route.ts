import type { NextRequest } from 'next/server';
import { exportProject } from '../../../../../projects/project-export';

export const dynamic = 'force-dynamic';

/** `GET /api/projects/{id}/export.csv` (`projects/project-export.ts`). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return exportProject(request, (await params).id, 'csv');
}
