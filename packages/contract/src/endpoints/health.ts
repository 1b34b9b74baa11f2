// The health calls. Filled as the health routes move onto the endpoint table.
export {};
