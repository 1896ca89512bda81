import { Await } from "@remix-run/react";
import { Suspense } from "react";
import { Time } from "~/components/time/TimeZone";
import { formatINR, shortTransactionId } from "~/models/billing/pricing";
import type { TransactionRowData } from "./types";

/** Successful payments (completed + success), newest first. */
export function TransactionHistory({ transactions }: { transactions: TransactionRowData[] | Promise<TransactionRowData[]> }) {
  return (
    <section aria-labelledby="transaction-history-heading" className="mt-10">
      <h2 id="transaction-history-heading" className="text-lg font-semibold text-slate-900">
        Transaction History
      </h2>
      <div className="mt-3 overflow-hidden rounded-xl border border-slate-200 bg-white">
        <Suspense
          fallback={
            <p role="status" className="p-4 text-sm text-slate-500">
              Loading transactions...
            </p>
          }
        >
          <Await
            resolve={transactions}
            errorElement={
              <p role="alert" className="p-4 text-sm text-red-700">
                Failed to load transactions. Please refresh the page.
              </p>
            }
          >
            {(rows: TransactionRowData[]) => (rows.length === 0 ? <Empty /> : <Table rows={rows} />)}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}

function Empty() {
  return <p className="p-4 text-sm text-slate-500">No successful transactions found</p>;
}

function Table({ rows }: { rows: TransactionRowData[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[30rem] text-left text-sm" data-testid="transaction-history">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Transaction ID
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap px-4 py-3">
                <Time value={row.createdAt} format="date" />
              </td>
              <td className="whitespace-nowrap px-4 py-3">{formatINR(row.amount)}</td>
              <td className="px-4 py-3">
                <span className="inline-flex rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-700">Success</span>
              </td>
              <td className="px-4 py-3 font-mono text-xs" title={row.txnid}>
                {shortTransactionId(row.txnid)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
