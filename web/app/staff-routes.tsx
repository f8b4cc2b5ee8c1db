import { Suspense, useEffect, type ComponentType } from "react";
import { Route, Routes, useNavigate } from "react-router";
import { APP_PAGES } from "#common/app-pages";
import { BoardExtensionsContext } from "#web/shared-features/board-extensions/board-extensions";
import { PRINTING_ON_THE_BOARD } from "#web/features/staff-printing/board-printing";
import { PageLoading } from "./layout";
import { lazyPage } from "./lazy-page";

// Each its own chunk: the frame first, then the page asked for.
const StaffLayout = lazyPage("staff-layout", () => import("#web/features/staff-board/staff-layout"), {
  queries: true,
});
const StaffBoardPage = lazyPage("staff-board", () => import("#web/features/staff-board/staff-board-page"), {
  queries: true,
});
const StaffMenuPage = lazyPage("staff-menu-page", () => import("#web/features/staff-menu/staff-menu-page"), {
  queries: true,
});

const StaffNumbersPage = lazyPage(
  "staff-numbers-page",
  () => import("#web/features/staff-numbers/staff-numbers-page"),
  { queries: true },
);

function Loaded({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/** Any other address under /staff: the worker answers it with 404; in the app, the board. */
function ToTheBoard() {
  const navigate = useNavigate();
  useEffect(() => {
    // useNavigate rather than <Navigate>: the entry has its code already, <Navigate>'s would add to it.
    void navigate(APP_PAGES.staff, { replace: true });
  }, [navigate]);
  return null;
}

/**
 * The staff side's routes under /staff: the board, the Menu page and the Numbers in the staff frame (tabs,
 * alerts, the live channel). Loaded only when a staff page is opened.
 */
export default function StaffRoutes() {
  return (
    <Routes>
      <Route element={<Loaded page={StaffLayout} />}>
        <Route
          index
          element={
            // The board shows the shop's printers and each ticket's paper (features/staff-printing).
            <BoardExtensionsContext.Provider value={PRINTING_ON_THE_BOARD}>
              <Loaded page={StaffBoardPage} />
            </BoardExtensionsContext.Provider>
          }
        />
        <Route path={APP_PAGES.staffMenu.slice(APP_PAGES.staff.length + 1)} element={<Loaded page={StaffMenuPage} />} />
        <Route
          path={APP_PAGES.staffNumbers.slice(APP_PAGES.staff.length + 1)}
          element={<Loaded page={StaffNumbersPage} />}
        />
        <Route path="*" element={<ToTheBoard />} />
      </Route>
    </Routes>
  );
}
