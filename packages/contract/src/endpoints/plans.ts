// The plans calls. Filled as the plans routes move onto the endpoint table.
export {};
