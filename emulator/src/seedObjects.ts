// The objects every project of the emulator starts with, per kind (the singular camelCase word of
// the statements: 'cluster', 'tableService'), so that the demo's Service Objects view shows a few of
// each. Fields besides `name` are what SHOW lists and DESCRIBE shows for them.
export type ObjectFields = Record<string, string | number>;

export const SEED_OBJECTS: Record<string, Record<string, ObjectFields>> = {
  cluster: {
    etl: { type: 'SPARK', state: 'RUNNING', maxOcu: 8, minOcu: 1 },
    adhoc: { type: 'SPARK', state: 'STOPPED', maxOcu: 4, minOcu: 1 },
  },
  lake: { main_lake: { state: 'ACTIVE' }, raw_lake: { state: 'ACTIVE' } },
  database: { sales: { lake: 'main_lake' }, marketing: { lake: 'main_lake' } },
  source: { kafka_orders: { type: 'KAFKA' }, postgres_cdc: { type: 'POSTGRES_CDC' } },
  catalog: { glue: { type: 'GLUE' } },
  transformation: { mask_emails: { type: 'DATA_MASKING' }, dedupe_orders: { type: 'SQL' } },
  flow: {
    orders_flow: { state: 'RUNNING', cluster: 'etl', lake: 'main_lake', database: 'sales' },
    clicks_flow: { state: 'PAUSED', cluster: 'etl', lake: 'raw_lake', database: 'marketing' },
  },
  tableService: { orders_compaction: { state: 'RUNNING' } },
  job: { nightly_compaction: { type: 'JAR', cluster: 'etl' } },
  jar: { udfs: { path: 's3://emulator-jars/udfs.jar' } },
};
