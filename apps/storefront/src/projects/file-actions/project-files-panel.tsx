'use client';

import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectApi } from '../project-api';
import { projectKeys, projectQueryClient } from '../query-client';
import { ProjectFileActions } from './project-file-actions';
import type { FileActionTexts } from './texts';

/**
 * `ProjectFileActions` beside the project screen: it reads the worksheet the screen loaded from the
 * page's shared query client without fetching it itself (`enabled: false`), so it appears once the
 * project is shown, read-only when submitted, and an import refreshes the screen's worksheet.
 */
interface PanelProps {
  projectId: string;
  /** The page's locale segment, for the exports' language. */
  locale: string;
  texts: FileActionTexts;
}

export function ProjectFilesPanel(props: PanelProps) {
  return (
    <QueryClientProvider client={projectQueryClient()}>
      <Panel {...props} />
    </QueryClientProvider>
  );
}

function Panel({ projectId, locale, texts }: PanelProps) {
  const queryClient = useQueryClient();
  const worksheet = useQuery({
    queryKey: projectKeys.worksheet(projectId),
    queryFn: () => projectApi.worksheet(projectId),
    enabled: false,
  });
  const order = worksheet.data?.Order;
  if (!order) return null;
  return (
    <ProjectFileActions
      projectId={projectId}
      locale={locale}
      readOnly={order.Status !== 'Unsubmitted'}
      texts={texts}
      onImported={() => void queryClient.invalidateQueries({ queryKey: projectKeys.all })}
    />
  );
}
