import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_DEPARTMENT, type Department } from '../../shared/constants';

// The department (women, men, kids; women by default) is shared between the shell and
// the listing (spec section 4 "Listing": "Department selection is shared with the shell").
type DepartmentState = { department: Department; setDepartment: (d: Department) => void };
const DepartmentContext = createContext<DepartmentState>({ department: DEFAULT_DEPARTMENT, setDepartment: () => undefined });

export function DepartmentProvider({ children }: { children: ReactNode }) {
  const [department, setDepartment] = useState<Department>(DEFAULT_DEPARTMENT);
  const value = useMemo(() => ({ department, setDepartment }), [department]);
  return <DepartmentContext.Provider value={value}>{children}</DepartmentContext.Provider>;
}

export function useDepartment(): DepartmentState {
  return useContext(DepartmentContext);
}
