import type { RouteObject } from 'react-router-dom';
import type { RoleName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const documents = () => import('./pages/documents.page');
const document = () => import('./pages/document.page');
const files = () => import('./pages/files.page');
const file = () => import('./pages/file.page');
const parent = () => import('./pages/parent-documents.page');
const DOCS = 'shell:menu.documents';
const FILES = 'shell:menu.files';
const PARENT = [{ title: DOCS, path: 'documents' as PathName }] as const;

function route(path: PathName, role: RoleName, title: string, lazyRoute: NonNullable<RouteObject['lazy']>, extra: Partial<RouteHandle> = {}): RouteObject {
  const handle: RouteHandle = { access: { role }, title, ...extra };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/**
 * Centre files and documents (translations in the `documents` namespace; pets through the `dogs`
 * overlay): the staff's document requests with the Compliance tab, a request's answers and review,
 * the centre files (upload, share, publish, archive), and the parents' documents and files.
 */
export function documentsRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route('documents', 'teacher', DOCS, lazyPage(documents, 'DocumentsPage')),
    route('teacherDocuments', 'teacher', DOCS, lazyPage(documents, 'DocumentsPage')),
    route('document', 'teacher', 'documents:request', lazyPage(document, 'DocumentPage'), { parents: PARENT }),
    route('documentManageEntries', 'teacher', 'documents:request', lazyPage(document, 'DocumentPage'), { parents: PARENT }),
    route('documentDetails', 'teacher', 'documents:request', lazyPage(document, 'DocumentPage'), { parents: PARENT }),
    route('filesOthers', 'teacher', FILES, lazyPage(files, 'FilesPage')),
    route('others', 'user', FILES, lazyPage(file, 'FilePage')),
    route('userStudentsDocuments', 'user', DOCS, lazyPage(parent, 'ParentDocumentsPage')),
    route('userStudentDocuments', 'user', DOCS, lazyPage(parent, 'ParentDocumentsPage')),
    route('userStudentsFiles', 'user', FILES, lazyPage(files, 'UserFilesPage')),
    route('userFiles', 'user', FILES, lazyPage(files, 'UserFilesPage')),
  ];
}
